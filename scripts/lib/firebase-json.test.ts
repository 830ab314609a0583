import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMULATOR_HOST, LOCAL_PORTS } from '../../domain/src/ports.ts';
import { ROOT, setEmulatorPorts } from './env.ts';

type Emulators = Record<string, Record<string, unknown>>;

describe('firebase.json', () => {
  const committed = (JSON.parse(readFileSync(resolve(ROOT, 'firebase.json'), 'utf8')) as { emulators: Emulators }).emulators;

  it('has the emulator ports of domain/src/ports.ts (`npm run headers` writes them)', () => {
    const expected = structuredClone(committed);
    setEmulatorPorts(expected, LOCAL_PORTS);
    expect(committed).toEqual(expected);
    expect(committed.hosting?.port).toBe(LOCAL_PORTS.hosting);
    expect(committed.firestore?.websocketPort).toBe(LOCAL_PORTS.firestoreWs);
  });

  it('binds every emulator to the local host', () => {
    for (const [name, entry] of Object.entries(committed)) {
      if (typeof entry === 'object' && entry !== null && 'port' in entry) expect(entry.host, name).toBe(EMULATOR_HOST);
    }
  });
});
