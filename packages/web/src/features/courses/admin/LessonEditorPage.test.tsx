import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEDIA_MAX_BYTES } from '@yedyni/contract';
import { describe, expect, it } from 'vitest';
import { staffApi } from '../../../test/admin';
import { callsOf, lastBody } from '../../../test/learning';
import { json } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { adminLesson, courseDetail } from './fixtures';

const LESSON = '/api/admin/courses/c-1/lessons/2';

/** The preview as the server would make it: the Markdown inside a paragraph, escaped. */
const previewRoute = {
  'POST /api/admin/preview': (init: RequestInit) => {
    const { markdown } = JSON.parse(String(init.body)) as { markdown: string };
    return json({ html: `<p data-testid="html">${markdown.replace(/</g, '&lt;')}</p>` });
  },
};

function editorApi(extra: Parameters<typeof staffApi>[0] = {}) {
  return staffApi({
    [`GET ${LESSON}`]: () => json(adminLesson()),
    'GET /api/admin/courses/c-1': () => json(courseDetail()),
    ...previewRoute,
    ...extra,
  });
}

const previewCalls = (fetchMock: ReturnType<typeof staffApi>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/admin/preview')
    .map(([, init]) => (JSON.parse(String(init?.body)) as { markdown: string }).markdown);

async function openEditor() {
  renderApp('/uk/admin/courses/c-1/lessons/2');
  expect(await screen.findByRole('heading', { level: 2, name: 'Урок 2: Привітання' })).toBeInTheDocument();
}

describe('/uk/admin/courses/:courseId/lessons/:day, the lesson editor', () => {
  it('edits the whole lesson and saves it as one LessonEdit body', async () => {
    const fetchMock = editorApi({
      [`PUT ${LESSON}`]: (init) => json({ day: 2, ...JSON.parse(String(init.body)) }),
    });
    await openEditor();
    const ui = userEvent.setup();
    expect(screen.getByText('Усе збережено.')).toBeInTheDocument();

    const theme = screen.getByLabelText('Тема');
    await ui.clear(theme);
    await ui.type(theme, 'Вітаємося');
    expect(screen.getByText('Є незбережені зміни.')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Посилання на зображення'), 'https://example.org/cover.png');
    await ui.type(screen.getByRole('textbox', { name: 'Теорія' }), 'Кличний відмінок');

    // A second audio by link; then it goes first.
    await ui.type(screen.getByLabelText('Посилання на аудіо'), 'https://example.org/a.mp3{Enter}');
    expect(callsOf(fetchMock)).not.toContain(`PUT ${LESSON}`);
    await ui.click(screen.getByRole('button', { name: 'Вище: Аудіо 2' }));
    expect(screen.getByRole('button', { name: 'Вище: Аудіо 1' })).toBeDisabled();

    // The video: a new one, the old one removed.
    await ui.click(screen.getByRole('button', { name: 'Додати відео' }));
    const video2 = screen.getByRole('group', { name: 'Відео 2' });
    expect(within(video2).getByLabelText('Назва')).toHaveFocus();
    await ui.type(within(video2).getByLabelText('Назва'), 'Кличний');
    await ui.type(within(video2).getByLabelText('Посилання (YouTube або файл)'), 'https://youtu.be/abc');
    await ui.click(screen.getByRole('button', { name: 'Прибрати: Відео 1' }));
    expect(screen.getByRole('button', { name: 'Додати відео' })).toHaveFocus();

    // The self-test: a third option becomes the right one; a second question.
    const q1 = screen.getByRole('group', { name: 'Питання 1' });
    await ui.click(within(q1).getByRole('button', { name: 'Додати варіант' }));
    expect(within(q1).getByLabelText('Варіант 3')).toHaveFocus();
    await ui.type(within(q1).getByLabelText('Варіант 3'), 'Добридень');
    await ui.click(within(q1).getByRole('radio', { name: 'Правильний варіант 3' }));
    await ui.click(screen.getByRole('button', { name: 'Додати питання' }));
    const q2 = screen.getByRole('group', { name: 'Питання 2' });
    expect(within(q2).getByLabelText('Текст питання')).toHaveFocus();
    await ui.type(within(q2).getByLabelText('Текст питання'), 'Як попрощатися?');
    await ui.type(within(q2).getByLabelText('Варіант 1'), 'До побачення');
    await ui.type(within(q2).getByLabelText('Варіант 2'), 'Привіт');
    expect(within(q2).getByRole('button', { name: 'Прибрати варіант 1' })).toBeDisabled();
    await ui.type(within(q2).getByLabelText('Пояснення (після перевірки)'), 'Прощаються словами «до побачення».');

    const diary = screen.getByLabelText('Питання для щоденника');
    await ui.clear(diary);
    await ui.type(diary, 'Як ви привіталися?');

    await ui.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Урок збережено.')).toBeInTheDocument();
    expect(lastBody(fetchMock, `PUT ${LESSON}`)).toEqual({
      theme: 'Вітаємося',
      image: 'https://example.org/cover.png',
      content: '# Привіт',
      theory: 'Кличний відмінок',
      practice: '',
      audio: ['https://example.org/a.mp3', '/media/ukrainska-shchodnia/pryvit.mp3'],
      video: [{ title: 'Кличний', url: 'https://youtu.be/abc' }],
      test: [
        {
          question: 'Як привітатися зранку?',
          options: ['Добрий ранок', 'На добраніч', 'Добридень'],
          answer: 2,
          explanation: '',
        },
        {
          question: 'Як попрощатися?',
          options: ['До побачення', 'Привіт'],
          answer: 0,
          explanation: 'Прощаються словами «до побачення».',
        },
      ],
      diary: 'Як ви привіталися?',
    });
    expect(screen.getByText('Усе збережено.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Урок 2: Вітаємося' })).toBeInTheDocument();
    // Much typing, and the first test of the file loads the screens cold.
  }, 20_000);

  it('the server’s validation message appears in an alert; the edits stay', async () => {
    editorApi({
      [`PUT ${LESSON}`]: () => json({ message: 'Питання: щонайменше 2 варіанти' }, 400),
    });
    await openEditor();
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Тема'), '!');
    await ui.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Питання: щонайменше 2 варіанти');
    expect(screen.getByLabelText('Тема')).toHaveValue('Привітання!');
    expect(screen.getByText('Є незбережені зміни.')).toBeInTheDocument();
  });

  it('the preview is asked for once the text rests (300 ms), and shows the server’s HTML', async () => {
    const fetchMock = editorApi();
    await openEditor();
    const content = screen.getByRole('region', { name: 'Перегляд: Текст уроку' });
    // The saved text's preview arrives by itself.
    expect(await within(content).findByText('# Привіт')).toBeInTheDocument();
    expect(previewCalls(fetchMock)).toEqual(['# Привіт']);

    const ui = userEvent.setup();
    const area = screen.getByRole('textbox', { name: 'Текст уроку' });
    await ui.type(area, ' всім');
    // Typed, but not yet rested: nothing asked for the new text.
    expect(previewCalls(fetchMock)).toEqual(['# Привіт']);
    expect(await within(content).findByText('# Привіт всім')).toBeInTheDocument();
    // One request for the whole burst of keys, none for the text in between.
    expect(previewCalls(fetchMock)).toEqual(['# Привіт', '# Привіт всім']);
    // An emptied field asks for nothing.
    await ui.clear(area);
    expect(await within(content).findByText('Тут зʼявиться перегляд.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(previewCalls(fetchMock)).toEqual(['# Привіт', '# Привіт всім']);
  });

  it('a phone switches between «Редагувати» and «Перегляд» with pressed buttons', async () => {
    editorApi();
    await openEditor();
    const ui = userEvent.setup();
    const modes = screen.getByRole('group', { name: 'Теорія: показати' });
    const edit = within(modes).getByRole('button', { name: 'Редагувати' });
    const preview = within(modes).getByRole('button', { name: 'Перегляд' });
    expect(edit).toHaveAttribute('aria-pressed', 'true');
    expect(preview).toHaveAttribute('aria-pressed', 'false');
    const field = edit.closest('section') as HTMLElement;
    expect(field).toHaveAttribute('data-mode', 'edit');
    await ui.click(preview);
    expect(preview).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveAttribute('data-mode', 'preview');
  });

  it('an upload on its way shows its progress; «Скасувати» stops it and says so, adding nothing', async () => {
    const fetchMock = editorApi({
      'POST /api/admin/courses/c-1/media': (init) => {
        init.uploadProgress?.(30_000_000, 40_000_000);
        // A slow link: no answer before the curator cancels.
        return new Promise<Response>(() => {});
      },
    });
    await openEditor();
    const ui = userEvent.setup();
    const media = screen.getByRole('region', { name: 'Зображення для тексту' });
    const picker = within(media).getByLabelText('Завантажити зображення');
    await ui.upload(picker, new File(['png'], 'kvity.png', { type: 'image/png' }));
    const bar = await within(media).findByRole('progressbar', { name: 'Надсилаємо «kvity.png»' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '75'));
    expect(picker).toBeDisabled();

    await ui.click(within(media).getByRole('button', { name: 'Скасувати надсилання «kvity.png»' }));
    expect(await within(media).findByRole('status')).toHaveTextContent('Надсилання скасовано.');
    expect(within(media).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(media).queryByLabelText('Адреса файлу')).not.toBeInTheDocument();
    expect(picker).toBeEnabled();
    expect(callsOf(fetchMock).filter((call) => call === 'POST /api/admin/courses/c-1/media')).toHaveLength(1);
  });

  it('uploads: a file over 50 MiB is refused before sending; an image is uploaded and inserted at the cursor', async () => {
    const fetchMock = editorApi({
      'POST /api/admin/courses/c-1/media': () =>
        json({ url: '/media/ukrainska-shchodnia/kvity.png', name: 'kvity.png', mime: 'image/png', size: 2048 }, 201),
    });
    await openEditor();
    const ui = userEvent.setup();
    const media = screen.getByRole('region', { name: 'Зображення для тексту' });
    const picker = within(media).getByLabelText('Завантажити зображення');
    expect(picker).toHaveAccessibleDescription('JPEG, PNG, WebP або GIF, до 50 МБ.');

    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: MEDIA_MAX_BYTES + 1 });
    await ui.upload(picker, huge);
    expect(within(media).getByRole('alert')).toHaveTextContent('Файл завеликий: не більше 50 МБ.');
    expect(callsOf(fetchMock)).not.toContain('POST /api/admin/courses/c-1/media');

    // The cursor stands in the theory text, between two words.
    const theory = screen.getByRole('textbox', { name: 'Теорія' }) as HTMLTextAreaElement;
    await ui.type(theory, 'Ось квіти: .');
    theory.setSelectionRange(11, 11);

    await ui.upload(picker, new File(['png'], 'kvity.png', { type: 'image/png' }));
    expect(await within(media).findByRole('status')).toHaveTextContent('Файл «kvity.png» завантажено.');
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/courses/c-1/media');
    expect((sent?.[1]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(within(media).getByLabelText('Адреса файлу')).toHaveValue('/media/ukrainska-shchodnia/kvity.png');
    expect(within(media).getByText(/Вставиться в поле «Теорія»/)).toBeInTheDocument();

    await ui.click(within(media).getByRole('button', { name: 'Вставити в текст' }));
    expect(theory).toHaveValue('Ось квіти: ![опис](/media/ukrainska-shchodnia/kvity.png).');
    expect(theory).toHaveFocus();
    expect(theory.selectionStart).toBe(11 + '![опис](/media/ukrainska-shchodnia/kvity.png)'.length);
  });

  it('with no cursor anywhere yet, the image goes to the end of the lesson text, a paragraph of its own', async () => {
    editorApi({
      'POST /api/admin/courses/c-1/media': () =>
        json({ url: '/media/ukrainska-shchodnia/kvity.png', name: 'kvity.png', mime: 'image/png', size: 2048 }, 201),
    });
    await openEditor();
    const ui = userEvent.setup();
    await ui.upload(
      screen.getByLabelText('Завантажити зображення'),
      new File(['png'], 'kvity.png', { type: 'image/png' }),
    );
    await ui.click(await screen.findByRole('button', { name: 'Вставити в текст' }));
    expect(screen.getByRole('textbox', { name: 'Текст уроку' })).toHaveValue(
      '# Привіт\n\n![опис](/media/ukrainska-shchodnia/kvity.png)\n',
    );
    expect(screen.getByText('Зображення вставлено в поле «Текст уроку».')).toBeInTheDocument();
  });

  it('a cover image uploaded becomes the lesson’s image; an audio file joins the list', async () => {
    editorApi({
      'POST /api/admin/courses/c-1/media': (init) => {
        const file = (init.body as FormData).get('file') as File;
        return json(
          { url: `/media/ukrainska-shchodnia/${file.name}`, name: file.name, mime: file.type, size: 10 },
          201,
        );
      },
    });
    await openEditor();
    const ui = userEvent.setup();
    await ui.upload(
      screen.getByLabelText('Завантажити обкладинку'),
      new File(['x'], 'cover.webp', { type: 'image/webp' }),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Посилання на зображення')).toHaveValue('/media/ukrainska-shchodnia/cover.webp'),
    );
    expect(screen.getByRole('img', { name: 'Обкладинка уроку' })).toHaveAttribute(
      'src',
      '/media/ukrainska-shchodnia/cover.webp',
    );
    await ui.upload(
      screen.getByLabelText('Завантажити аудіофайл'),
      new File(['x'], 'slova.mp3', { type: 'audio/mpeg' }),
    );
    expect(await screen.findByText('/media/ukrainska-shchodnia/slova.mp3')).toBeInTheDocument();
    expect(screen.getByText('Аудіо 2')).toBeInTheDocument();
  });

  it('unsaved changes: the browser asks before unloading; «Назад до курсу» asks in the page', async () => {
    editorApi();
    const view = renderApp('/uk/admin/courses/c-1/lessons/2');
    const ui = userEvent.setup();
    await screen.findByLabelText('Тема');
    const back = screen.getByRole('link', { name: '← Назад до курсу' });

    // Nothing changed yet: no question anywhere.
    const calm = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(calm);
    expect(calm.defaultPrevented).toBe(false);

    await ui.type(screen.getByLabelText('Тема'), '!');
    const leaving = new Event('beforeunload', { cancelable: true });
    fireEvent(window, leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await ui.click(back);
    const question = screen.getByRole('group', { name: 'В уроці є незбережені зміни. Піти без збереження?' });
    expect(view.path()).toBe('/uk/admin/courses/c-1/lessons/2');
    expect(within(question).getByRole('button', { name: 'Піти без збереження' })).toHaveFocus();
    await ui.click(within(question).getByRole('button', { name: 'Лишитися' }));
    expect(back).toHaveFocus();
    expect(screen.getByLabelText('Тема')).toHaveValue('Привітання!');

    await ui.click(back);
    await ui.click(screen.getByRole('button', { name: 'Піти без збереження' }));
    await waitFor(() => expect(view.path()).toBe('/uk/admin/courses/c-1'));
  });

  it('without changes «Назад до курсу» just goes back', async () => {
    editorApi();
    const view = renderApp('/uk/admin/courses/c-1/lessons/2');
    await screen.findByLabelText('Тема');
    await userEvent.click(screen.getByRole('link', { name: '← Назад до курсу' }));
    await waitFor(() => expect(view.path()).toBe('/uk/admin/courses/c-1'));
  });
});
