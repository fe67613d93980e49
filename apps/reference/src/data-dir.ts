/**
 * Where the app keeps its data when `--data` is not given: a folder of the user's data directory,
 * never the repository. Linux and others: `$XDG_DATA_HOME/portcullis-reference` (default
 * `~/.local/share`); macOS: `~/Library/Application Support/portcullis-reference`; Windows:
 * `%LOCALAPPDATA%\portcullis-reference`.
 */
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';

/** The folder name under the user's data directory. */
export const DATA_FOLDER_NAME = 'portcullis-reference';

/** The default data folder for `platform` with environment `env` and home directory `home`. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return win32.join(env.LOCALAPPDATA ?? win32.join(home, 'AppData', 'Local'), DATA_FOLDER_NAME);
  }
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', DATA_FOLDER_NAME);
  const xdg = env.XDG_DATA_HOME;
  // The XDG specification ignores a relative path.
  const base = xdg?.startsWith('/') ? xdg : join(home, '.local', 'share');
  return join(base, DATA_FOLDER_NAME);
}
