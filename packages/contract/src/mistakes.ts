// No zod here: screens that only show the tags (the web's comment and mistake pages) load no schema.

/**
 * The usual mistakes a curator names in a comment. A fixed set: each has a page of its own
 * (/uk/mistakes/:tag) that the learner reaches from the tag under a curator's comment.
 */
export const MISTAKE_TAGS = ['russianism', 'calque', 'stress', 'spelling', 'punctuation'] as const;
export type MistakeTag = (typeof MISTAKE_TAGS)[number];

export function isMistakeTag(value: string): value is MistakeTag {
  return (MISTAKE_TAGS as readonly string[]).includes(value);
}

/** Tags kept as a JSON array in the database, read back: ids no longer in the set are dropped, not sent. */
export function storedMistakeTags(stored: string): MistakeTag[] {
  const tags: unknown = JSON.parse(stored);
  return MISTAKE_TAGS.filter((tag) => Array.isArray(tags) && tags.includes(tag));
}

export interface Mistake {
  title: string;
  /** A few sentences saying what the mistake is and how to avoid it. */
  explanation: string[];
  /** One example: the wrong form and the right one. */
  example: { wrong: string; right: string };
}

export const MISTAKES: Record<MistakeTag, Mistake> = {
  russianism: {
    title: 'русизм',
    explanation: [
      'Русизм — слово чи форма, що потрапили в мовлення з російської, хоча українська має власні.',
      'Часто такі слова звучать майже по-українському, тому їх легко не помітити.',
      'Перевіряйте сумнівне слово в словнику: якщо поруч є питомий відповідник, беріть його.',
      'Найкращі ліки від русизмів — читати й слухати багато живої української.',
    ],
    example: { wrong: 'Я кушаю суп.', right: 'Я їм суп.' },
  },
  calque: {
    title: 'калька',
    explanation: [
      'Калька — дослівно перекладений вислів чужої мови: слова українські, а будова чужа.',
      'Найчастіше калькують сталі звороти й керування прийменників.',
      'Щоб її уникнути, питайте себе, як природно сказати це українською, а не як перекласти слово за словом.',
      'Словники сталих висловів і антисуржикові довідники допоможуть знайти природний відповідник.',
    ],
    example: { wrong: 'приймати участь', right: 'брати участь' },
  },
  stress: {
    title: 'наголос',
    explanation: [
      'Наголос в українській вільний і рухомий: він може падати на будь-який склад і змінюватися у формах слова.',
      'Неправильний наголос змінює звучання, а іноді й значення слова.',
      'Багато помилок походить з російської вимови тих самих слів.',
      'Сумнівний наголос перевіряйте в орфоепічному словнику й повторюйте слово вголос кілька разів.',
    ],
    example: { wrong: 'до́говір, кіло́метр', right: 'догові́р, кіломе́тр' },
  },
  spelling: {
    title: 'правопис',
    explanation: [
      'Правописна помилка — слово, записане не так, як велить чинний Український правопис.',
      'Найчастіше плутають апостроф, мʼякий знак, подвоєння та написання разом, окремо чи через дефіс.',
      'Правила мають логіку: зрозумівши її, ви перестанете вгадувати.',
      'Коли сумніваєтеся, перевірте слово в орфографічному словнику.',
    ],
    example: { wrong: 'мякий, пів-години', right: 'мʼякий, пів години' },
  },
  punctuation: {
    title: 'пунктуація',
    explanation: [
      'Пунктуаційна помилка — пропущений, зайвий чи не той розділовий знак.',
      'Кома відокремлює звертання, вставні слова, дієприслівникові звороти й частини складного речення.',
      'Розділові знаки допомагають читачеві зрозуміти будову речення, тому помилка може змінити зміст.',
      'Прочитайте речення вголос: паузи часто підказують, де потрібен знак.',
    ],
    example: { wrong: 'Дякую друже за допомогу.', right: 'Дякую, друже, за допомогу.' },
  },
};
