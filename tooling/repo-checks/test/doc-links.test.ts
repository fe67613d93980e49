/*
 * Guards the links of the documentation a user reads: every relative link in a README.md of the
 * workspace or a Markdown file under docs/ names a file or folder that exists, and a link with an
 * anchor into a Markdown file names a heading that file has (GitHub's spelling of the anchor).
 * Links outside the repository (a scheme such as https:) are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'fixtures', 'vendor', 'test-results']);

function markdownFiles(directory: string, all: boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path, all || entry.name === 'docs'));
    else if (entry.name === 'README.md' || (all && entry.name.endsWith('.md'))) found.push(path);
  }
  return found;
}

/** The text outside fenced code blocks and inline code spans, where a link is a link. */
function proseOf(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** Every link target of a Markdown text: inline `[text](target)` and definitions `[label]: target`. */
function linkTargets(text: string): string[] {
  const prose = proseOf(text);
  const inline = [...prose.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );
  const defined = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...inline, ...defined].filter((target): target is string => target !== undefined);
}

/** The anchors GitHub gives the headings of a Markdown text, duplicates numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** What is wrong with one link of a file, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
  if (!existsSync(path)) return 'no such file';
  if (
    anchor === undefined ||
    anchor === '' ||
    !path.endsWith('.md') ||
    statSync(path).isDirectory()
  )
    return undefined;
  const anchors = anchorsOf(readFileSync(path, 'utf8'));
  return anchors.has(decodeURIComponent(anchor).toLowerCase()) ? undefined : 'no such heading';
}

describe('documentation links', () => {
  const files = markdownFiles(ROOT, false);

  it('finds the READMEs and the docs', () => {
    expect(files.some((file) => relative(ROOT, file) === 'README.md')).toBe(true);
    expect(files.some((file) => relative(ROOT, file).startsWith('docs/'))).toBe(true);
    expect(files.length).toBeGreaterThan(10);
  });

  it('resolves every relative link to an existing file and heading', () => {
    const broken = files.flatMap((file) =>
      linkTargets(readFileSync(file, 'utf8')).flatMap((target) => {
        const fault = brokenLink(file, target);
        return fault === undefined ? [] : [`${relative(ROOT, file)}: ${target} (${fault})`];
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('the link reader', () => {
  it('reads inline links and definitions, not code', () => {
    const text = [
      'See [a](docs/a.md#part) and [b](<b c.md>).',
      '[ref]: ../x.md',
      '`[not](code.md)`',
      '```',
      '[not](fenced.md)',
      '```',
    ].join('\n');
    expect(linkTargets(text)).toEqual(['docs/a.md#part', 'b c.md', '../x.md']);
  });

  it('spells anchors as GitHub does, duplicates numbered', () => {
    const text = '# Title\n## The `judge` API, again\n## Title\n```\n# not a heading\n```\n';
    expect([...anchorsOf(text)]).toEqual(['title', 'the-judge-api-again', 'title-1']);
  });

  it('reports a missing file and a missing heading', () => {
    const file = join(ROOT, 'README.md');
    expect(brokenLink(file, 'no/such/file.md')).toBe('no such file');
    expect(brokenLink(file, 'README.md#no-such-heading')).toBe('no such heading');
    expect(brokenLink(file, 'packages')).toBeUndefined();
    expect(brokenLink(file, 'https://example.com/x')).toBeUndefined();
  });
});
