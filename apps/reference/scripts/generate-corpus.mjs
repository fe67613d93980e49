#!/usr/bin/env node
// Writes the bundled sample corpus: 8 folders of 40 generated documents each (Markdown and plain
// text), about 320 KB in all, every byte and every modification time a pure function of the seed, so
// two builds produce the same corpus. The text is generated from the word lists below (no
// copyrighted source). Usage: node scripts/generate-corpus.mjs <output-directory>
// The output directory is emptied first, so it must be missing, empty or an earlier corpus.
import { existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SEED = 20240229;
// Hidden (the index skips names starting with "."): each file's modification time, in seconds.
const MTIMES_FILE = '.mtimes.json';
const FILES_PER_FOLDER = 40;
// Modification times spread over 2023-01-01 .. 2024-12-31 (UTC), whole seconds.
const FIRST_MTIME = Date.UTC(2023, 0, 1) / 1000;
const MTIME_SPAN = (Date.UTC(2025, 0, 1) - Date.UTC(2023, 0, 1)) / 1000;

const TOPICS = {
  astronomy: {
    nouns: [
      'comet',
      'nebula',
      'telescope',
      'eclipse',
      'meteor',
      'orbit',
      'planet',
      'moon',
      'star',
      'galaxy',
      'observatory',
      'lens',
    ],
    verbs: ['drifts', 'glows', 'rises', 'wanes', 'circles', 'flares', 'dims', 'crosses'],
    adjectives: ['faint', 'distant', 'silver', 'frozen', 'bright', 'slow', 'ancient', 'red'],
  },
  gardening: {
    nouns: [
      'seedling',
      'compost',
      'trellis',
      'orchard',
      'root',
      'blossom',
      'hedge',
      'soil',
      'harvest',
      'greenhouse',
      'pruning',
      'bulb',
    ],
    verbs: ['sprouts', 'climbs', 'ripens', 'wilts', 'spreads', 'blooms', 'settles', 'thrives'],
    adjectives: ['damp', 'green', 'early', 'tender', 'sunny', 'sheltered', 'late', 'sweet'],
  },
  rivers: {
    nouns: [
      'delta',
      'ferry',
      'weir',
      'current',
      'bank',
      'estuary',
      'bridge',
      'flood',
      'lock',
      'barge',
      'meander',
      'tide',
    ],
    verbs: ['floods', 'bends', 'carries', 'narrows', 'widens', 'freezes', 'rushes', 'silts'],
    adjectives: ['muddy', 'swift', 'broad', 'shallow', 'winding', 'cold', 'quiet', 'tidal'],
  },
  mills: {
    nouns: [
      'millstone',
      'waterwheel',
      'grain',
      'miller',
      'sluice',
      'flour',
      'gear',
      'hopper',
      'shaft',
      'sack',
      'granary',
      'pond',
    ],
    verbs: ['grinds', 'turns', 'stalls', 'creaks', 'feeds', 'lifts', 'sifts', 'rests'],
    adjectives: ['heavy', 'oaken', 'dusty', 'steady', 'worn', 'wet', 'noisy', 'old'],
  },
  lighthouses: {
    nouns: [
      'lantern',
      'keeper',
      'beacon',
      'fog',
      'reef',
      'headland',
      'lamp',
      'storm',
      'signal',
      'tower',
      'shipwreck',
      'horn',
    ],
    verbs: ['flashes', 'sweeps', 'warns', 'shudders', 'guides', 'fails', 'burns', 'sounds'],
    adjectives: ['lonely', 'rocky', 'salt', 'grey', 'white', 'stormy', 'steep', 'bleak'],
  },
  railways: {
    nouns: [
      'locomotive',
      'signal box',
      'platform',
      'timetable',
      'viaduct',
      'tunnel',
      'sleeper',
      'junction',
      'freight',
      'guard',
      'boiler',
      'siding',
    ],
    verbs: ['departs', 'shunts', 'whistles', 'brakes', 'climbs', 'arrives', 'waits', 'couples'],
    adjectives: ['late', 'narrow', 'steam', 'express', 'rural', 'busy', 'coal', 'night'],
  },
  kitchens: {
    nouns: [
      'bread',
      'oven',
      'broth',
      'pastry',
      'spice',
      'kettle',
      'larder',
      'dough',
      'preserve',
      'apron',
      'ladle',
      'recipe',
    ],
    verbs: ['simmers', 'rises', 'cools', 'thickens', 'browns', 'steeps', 'rests', 'boils'],
    adjectives: ['warm', 'salted', 'crisp', 'golden', 'bitter', 'fresh', 'smoked', 'rich'],
  },
  weather: {
    nouns: [
      'front',
      'drizzle',
      'gale',
      'barometer',
      'frost',
      'thunder',
      'cloud',
      'rainfall',
      'breeze',
      'haze',
      'squall',
      'forecast',
    ],
    verbs: ['gathers', 'clears', 'falls', 'drops', 'lingers', 'passes', 'builds', 'howls'],
    adjectives: ['humid', 'clear', 'overcast', 'gusty', 'mild', 'chill', 'dry', 'heavy'],
  },
};
const COMMON = [
  'morning',
  'evening',
  'season',
  'village',
  'record',
  'journal',
  'visitor',
  'winter',
  'summer',
  'neighbour',
  'letter',
  'map',
];
const LINKS = ['and', 'while', 'because', 'although', 'until', 'after', 'before', 'so'];
const SHARED_TAGS = ['draft', 'reviewed', 'archive', 'field-notes', 'reference'];

/** mulberry32: a small seeded generator, so the corpus is the same on every machine. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generate(output) {
  const next = random(SEED);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const capital = (text) => text[0].toUpperCase() + text.slice(1);

  const sentence = (topic) => {
    const clause = () =>
      `the ${pick(topic.adjectives)} ${pick(next() < 0.8 ? topic.nouns : COMMON)} ${pick(topic.verbs)}`;
    const parts = [clause()];
    if (next() < 0.6) parts.push(pick(LINKS), clause());
    if (next() < 0.3) parts.push(`near the ${pick(COMMON)}`);
    return `${capital(parts.join(' '))}.`;
  };
  const paragraph = (topic) =>
    Array.from({ length: 3 + Math.floor(next() * 5) }, () => sentence(topic)).join(' ');

  rmSync(output, { recursive: true, force: true });
  let files = 0;
  let bytes = 0;
  const mtimes = {};
  for (const [folder, topic] of Object.entries(TOPICS)) {
    mkdirSync(join(output, folder), { recursive: true });
    for (let index = 1; index <= FILES_PER_FOLDER; index++) {
      const subject = pick(topic.nouns);
      const title = `${capital(pick(topic.adjectives))} ${subject}, note ${index}`;
      const markdown = next() < 0.7;
      const tags = [folder, pick(SHARED_TAGS)];
      const sections = 2 + Math.floor(next() * 4);
      let text;
      if (markdown) {
        const body = [];
        for (let section = 0; section < sections; section++) {
          body.push(
            `## ${capital(pick(COMMON))} and the ${pick(topic.nouns)}`,
            '',
            paragraph(topic),
            '',
          );
        }
        text = [
          '---',
          `title: ${title}`,
          `tags: [${tags.join(', ')}]`,
          '---',
          '',
          `# ${title}`,
          '',
          ...body,
        ].join('\n');
      } else {
        const body = Array.from({ length: sections }, () => paragraph(topic));
        text = `${[title, ...body].join('\n\n')}\n`;
      }
      const name = `${String(index).padStart(3, '0')}-${subject.replace(/ /g, '-')}.${markdown ? 'md' : 'txt'}`;
      const path = join(output, folder, name);
      writeFileSync(path, text);
      const mtime = FIRST_MTIME + Math.floor(next() * MTIME_SPAN);
      utimesSync(path, mtime, mtime);
      mtimes[`${folder}/${name}`] = mtime;
      files++;
      bytes += Buffer.byteLength(text);
    }
  }
  // A build cache may restore the files with new times: the app puts these back at start.
  writeFileSync(join(output, MTIMES_FILE), `${JSON.stringify(mtimes, null, 1)}\n`);
  return { files, bytes };
}

const [target] = process.argv.slice(2);
if (target === undefined) {
  console.error('usage: node scripts/generate-corpus.mjs <output-directory>');
  process.exit(2);
}
const output = resolve(target);
// The output is emptied first, so only a missing or empty folder, or an earlier corpus, is taken.
if (
  existsSync(output) &&
  readdirSync(output).length > 0 &&
  !existsSync(join(output, MTIMES_FILE))
) {
  console.error(
    'The corpus is written to a folder of its own (missing, empty or an earlier corpus), such as dist/sample-corpus.',
  );
  process.exit(2);
}
const { files, bytes } = generate(output);
console.log(`corpus: ${files} files, ${bytes} bytes in ${target}`);
