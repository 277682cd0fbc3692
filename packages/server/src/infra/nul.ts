/**
 * PostgreSQL text cannot hold U+0000 (SQLite can), and no text of ours has a use for it: input
 * carrying it anywhere is refused on either database, before it reaches a query.
 */

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

const pathOf = (step: Step): string => {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/** Where in `value` (strings, keys, arrays, objects at any depth) the first U+0000 is, or null. */
export function nulAt(value: unknown): string | null {
  // The usual answer, quickly: serialized, a NUL is the six characters \u0000. Too deep to
  // serialize, or a false alarm (a text with a backslash before "u0000"), the walk decides.
  try {
    if (!JSON.stringify(value ?? null).includes('\\u0000')) return null;
  } catch {
    // walk
  }
  // Iterative, with the path built only for the answer: a body may nest deeper than the call stack.
  const stack: Step[] = [{ value, key: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const item = step.value;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], key: String(i), parent: step });
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        if (key.includes('\u0000')) return pathOf({ value: null, key, parent: step });
        stack.push({ value: (item as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return null;
}

/** The refusal, naming the field like the contract's validation messages do. */
export function nulMessage(field: string): string {
  return `${field ? `${field}: ` : ''}недопустимий символ U+0000`;
}
