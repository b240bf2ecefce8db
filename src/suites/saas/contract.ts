/**
 * The fixed data of the saas suite's API, shared by the suite (requests and expected answers)
 * and by every target app (what they accept): credentials, the cookie jar, request bodies.
 */

export const USER = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' } as const;
export const PASSWORD = 'correct horse battery staple';

/** A valid API token for `Authorization: Bearer …`, and one the API must reject. */
export const TOKEN = 'tok_live_8f3a2c91d04e4b7a9c15';
export const BAD_TOKEN = 'tok_live_0000000000000000dead';

/** The session cookie's name and values (valid, and one the API must reject). */
export const SESSION_COOKIE = 'sid';
export const SESSION = 's_7d1e4c2a9b8f4e6d8a0c3b5f';
export const BAD_SESSION = 's_00000000000000000000dead';

/** What login sets: the session cookie with these attributes. */
export const SESSION_SET_COOKIE = `${SESSION_COOKIE}=${SESSION}; Path=/; HttpOnly; SameSite=Lax`;

/** A browser's cookie jar of 20 cookies; the session cookie sits in the middle, as in real traffic. */
export function cookieJar(session: string): string {
  const cookies = [
    '_ga=GA1.2.1840372617.1731830000',
    '_gid=GA1.2.912837465.1732000000',
    '_fbp=fb.1.1731830000123.1234567890',
    'theme=dark',
    'locale=en-GB',
    'tz=Europe%2FLondon',
    'consent=analytics%3Ayes%7Cmarketing%3Ano',
    'ab_bucket=checkout-v3',
    'last_project=p-1042',
    `${SESSION_COOKIE}=${session}`,
    'sidebar=collapsed',
    'onboarding=done',
    'feature_flags=kanban%2Ctimeline%2Cai-summary',
    'csrf_token=c8f1e2d3a4b5c6d7e8f9a0b1c2d3e4f5',
    'recent_search=sprint%20planning',
    'density=compact',
    'notifications=on',
    'utm_source=newsletter',
    'utm_campaign=nov-launch',
    'intercom-id=4f6c1b2a-9e8d-4c7b-a6f5-e4d3c2b1a098',
  ];
  return cookies.join('; ');
}

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;

export const SMALL_TASK = { title: 'Write the release notes', priority: 'high' } as const;
export const SMALL_COMMENT = { text: 'Looks good to me, shipping after QA.' } as const;
export const SMALL_STATUS = { status: 'in_progress' } as const;

/** The ~100 KB import body: 400 tasks with descriptions and tags. */
export function largeImport(): {
  tasks: Array<{ title: string; priority: string; tags: string[]; description: string }>;
} {
  return {
    tasks: Array.from({ length: 400 }, (_, i) => ({
      title: `Imported task ${i + 1}: migrate the ${['billing', 'search', 'auth', 'reports'][i % 4]} module`,
      priority: PRIORITIES[i % 3],
      tags: ['import', `sprint-${(i % 12) + 1}`, i % 2 ? 'backend' : 'frontend'],
      description: `Carried over from the legacy tracker (ticket ${10_000 + i}). ${'Acceptance criteria agreed with the team. '.repeat(4)}`,
    })),
  };
}
