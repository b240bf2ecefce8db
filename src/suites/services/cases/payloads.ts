/**
 * Payloads of a given JSON size for the serializer tables (10 B to 1 MB), the same bytes every
 * run: user records from a fixed list, then a string that fills the JSON text to the size.
 */
export const PAYLOAD_SIZES: Array<{ label: string; bytes: number }> = [
  { label: '10 B', bytes: 10 },
  { label: '150 B', bytes: 150 },
  { label: '1 KB', bytes: 1024 },
  { label: '10 KB', bytes: 10 * 1024 },
  { label: '50 KB', bytes: 50 * 1024 },
  { label: '100 KB', bytes: 100 * 1024 },
  { label: '1 MB', bytes: 1024 * 1024 },
];

const NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances'];

function user(i: number) {
  const name = NAMES[i % NAMES.length];
  return {
    id: i + 1,
    name: `${name} ${i}`,
    email: `${name.toLowerCase()}${i}@example.org`,
    active: i % 3 !== 0,
    score: (i * 37) % 101,
    tags: ['user', i % 2 ? 'admin' : 'guest'],
  };
}

/** An object whose JSON text is `bytes` long, give or take a byte (10 B: one short field). */
export function payloadOf(bytes: number): Record<string, unknown> {
  if (bytes <= 16) return { msg: 'x'.repeat(Math.max(1, bytes - 10)) };
  const users: unknown[] = [];
  // {"users":[…],"pad":""}: 21 bytes around the records, one comma between two.
  let size = 21;
  for (let i = 0; ; i++) {
    const next = JSON.stringify(user(i)).length + (i > 0 ? 1 : 0);
    if (size + next > bytes) break;
    users.push(user(i));
    size += next;
  }
  // A string field fills what whole records leave, so every size is exact.
  const payload = { users, pad: '' };
  payload.pad = 'x'.repeat(Math.max(0, bytes - JSON.stringify(payload).length));
  return payload;
}
