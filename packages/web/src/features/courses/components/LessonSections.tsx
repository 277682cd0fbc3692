import { Placeholder } from '../../../shared/ui/Placeholder';

export function LessonMain() {
  return (
    <Placeholder title="Про урок" level={2}>
      Тут буде тема уроку та його основний текст.
    </Placeholder>
  );
}

export function LessonTheory() {
  return (
    <Placeholder title="Теорія" level={2}>
      Тут буде теоретична частина уроку.
    </Placeholder>
  );
}

export function LessonPractice() {
  return (
    <Placeholder title="Практика" level={2}>
      Тут будуть практичні вправи та домашнє завдання, яке перевірить куратор.
    </Placeholder>
  );
}

export function LessonAudio() {
  return (
    <Placeholder title="Аудіо" level={2}>
      Тут будуть аудіозаписи до уроку.
    </Placeholder>
  );
}

export function LessonVideo() {
  return (
    <Placeholder title="Відео" level={2}>
      Тут будуть відео до уроку.
    </Placeholder>
  );
}

export function LessonTest() {
  return (
    <Placeholder title="Тест" level={2}>
      Тут буде тест, щоб перевірити себе після уроку.
    </Placeholder>
  );
}
