import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../src/db/database';

// Drizzle applies a migration only when its journal time is later than the last applied one's: a
// migration merged with an earlier time than its predecessor would be skipped on every database
// that already has the predecessor.
describe('migration journal', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };

  it('numbers the migrations in order, each one later than the one before, each with its SQL file', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1].when);
      expect(fs.existsSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`))).toBe(true);
    });
  });

  it('has no SQL file the journal does not list', () => {
    const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
  });
});
