/** Direct calls to the HTTP API, for arranging a test's starting point and learning server texts. */

export interface ApiUser {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}

export interface Person {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A unique address per call: `e2e-<time>-<n>@example.org`. */
export function uniqueEmail(): string {
  counter += 1;
  return `e2e-${Date.now()}-${counter}@example.org`;
}

const FIRST_NAMES = ['Оксана', 'Тарас', 'Мирослава', 'Богдан', 'Соломія', 'Остап', 'Ярина', 'Данило'];
const LAST_NAMES = ['Коваленко', 'Шевчук', 'Бондар', 'Ткаченко', 'Кравець', 'Мельник', 'Гнатюк', 'Лисенко'];

/** A new person with Ukrainian names (letters only, as the server requires) and a unique email. */
export function newPerson(): Person {
  const n = counter;
  return {
    first_name: FIRST_NAMES[n % FIRST_NAMES.length] as string,
    last_name: LAST_NAMES[(n * 3 + 1) % LAST_NAMES.length] as string,
    email: uniqueEmail(),
    password: `Пароль-e2e-${n}-${Math.random().toString(36).slice(2, 8)}`,
  };
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T };
}

/** POST /api/auth/register → 201 { token, user }; throws with the server's answer otherwise. */
export async function registerViaApi(baseUrl: string, person: Person): Promise<{ token: string; user: ApiUser }> {
  const answer = await call<{ token: string; user: ApiUser }>(baseUrl, 'POST', '/api/auth/register', {
    body: { ...person, consent: true },
  });
  if (answer.status !== 201) {
    throw new Error(`POST /api/auth/register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

export async function logoutViaApi(baseUrl: string, token: string): Promise<void> {
  const answer = await call(baseUrl, 'POST', '/api/auth/logout', { token });
  if (answer.status !== 204) {
    throw new Error(`POST /api/auth/logout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

export async function currentUserViaApi(baseUrl: string, token: string): Promise<ApiUser> {
  const answer = await call<ApiUser>(baseUrl, 'GET', '/api/auth/current', { token });
  if (answer.status !== 200) {
    throw new Error(`GET /api/auth/current answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** The `{ message }` the server gives for a failing call (asserts the call does fail with `status`). */
export async function errorMessageOf(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<string> {
  const answer = await call<{ message?: unknown }>(baseUrl, method, path, { body });
  if (answer.status !== status || typeof answer.body?.message !== 'string' || answer.body.message === '') {
    throw new Error(
      `${method} ${path}: expected ${status} { message }, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body.message;
}

/** A call that must answer 200; anything else fails the test with what the server said. */
export async function getOk<T>(baseUrl: string, method: string, path: string, token: string): Promise<T> {
  const answer = await call<T>(baseUrl, method, path, { token });
  if (answer.status !== 200) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** The first course the user is enrolled in (registration enrols in the starter courses) and its first open lesson. */
export async function firstOpenLesson(
  baseUrl: string,
  token: string,
): Promise<{ courseId: string; lesson: { day: string; theme: string; isOpen: boolean } }> {
  const { courses } = await getOk<{ courses: { _id: string; enrolled: boolean }[] }>(
    baseUrl,
    'GET',
    '/api/courses',
    token,
  );
  const course = courses.find((c) => c.enrolled);
  if (!course) throw new Error(`enrolled in no course: ${JSON.stringify(courses)}`);
  const { lessons } = await getOk<{ lessons: { day: string; theme: string; isOpen: boolean }[] }>(
    baseUrl,
    'GET',
    `/api/courses/${course._id}`,
    token,
  );
  const lesson = lessons.find((l) => l.isOpen);
  if (!lesson) throw new Error(`no open lesson in ${course._id}`);
  return { courseId: course._id, lesson };
}

/** The user's «Український слід». */
export async function footprintOf(baseUrl: string, token: string): Promise<number> {
  return (await getOk<{ ukrainianMark: number }>(baseUrl, 'GET', '/api/partners/indicators', token)).ukrainianMark;
}

/**
 * A donation ordered through the API and paid on the built-in LiqPay sandbox's checkout, as a
 * browser posts its form: a one-off gift, or a monthly subscription with its first charge.
 */
export async function donateViaSandbox(
  url: string,
  token: string,
  gift: { amount: number; subscribe: boolean; comment?: string },
): Promise<string> {
  const { body: checkout } = await call<{ orderId: string; data: string; signature: string }>(
    url,
    'POST',
    '/api/payments/donat',
    { token, body: { ...gift, offerAccepted: true } },
  );
  const paid = await fetch(`${url}/sandbox/liqpay/checkout/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: checkout.data, signature: checkout.signature, choice: 'pay' }).toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status}`);
  return checkout.orderId;
}
