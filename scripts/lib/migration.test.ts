import { describe, expect, it } from 'vitest';
import { parseMigrationArgs } from './migration.ts';

describe('parseMigrationArgs', () => {
  it('no flags: the emulators', () => {
    expect(parseMigrationArgs([])).toEqual({});
  });

  it('reads --project and the script’s own flags', () => {
    expect(parseMigrationArgs(['--project', 'bagshop-prod'])).toEqual({ project: 'bagshop-prod' });
    expect(parseMigrationArgs(['--months', '2026-10,2026-11', '--project', 'p'], ['--months'])).toEqual({
      months: '2026-10,2026-11',
      project: 'p',
    });
  });

  it('refuses a flag without its value, or one it does not know', () => {
    expect(parseMigrationArgs(['--project'])).toBeNull();
    expect(parseMigrationArgs(['--project', ''])).toBeNull();
    expect(parseMigrationArgs(['--project', '--months', 'x'], ['--months'])).toBeNull();
    expect(parseMigrationArgs(['--months', '2026-10'])).toBeNull();
    expect(parseMigrationArgs(['bagshop-prod'])).toBeNull();
  });
});
