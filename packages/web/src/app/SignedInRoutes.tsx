import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { selectUser } from '../features/auth';
import { prefetchDiary } from '../features/diary';
import { DraftOwner } from '../shared/lib/drafts';
import { lazyScreen } from '../shared/lib/lazyScreen';
import { coursePath, exercisePath, lessonContentUrl, prime, primeText, TODAY_PATH } from '../shared/lib/primed';
import { whenIdle } from '../shared/lib/whenIdle';
import { useAppDispatch, useAppSelector } from './hooks';
import AppLayout from './layouts/AppLayout';

// The signed-in app under /uk, one chunk with its frame (AppLayout); each screen is loaded on
// demand from here.
const BonusLayout = lazyScreen(() => import('./layouts/BonusLayout'));

const ProfilePage = lazyScreen(() => import('../features/auth/components/ProfilePage'));
/** A mailed link that confirms an address (a visitor signs in first and comes back to it). */
const ConfirmEmailPage = lazyScreen(() => import('../features/auth/components/ConfirmEmailPage'));
/** Two-step sign-in's set-up; curators and admins without it are sent here from every screen. */
const TWO_STEP_PATH = '/uk/profile/two-step';
const TwoStepSetupPage = lazyScreen(() => import('../features/auth/components/TwoStepSetupPage'));

const HomePage = lazyScreen(() => import('../features/home/components/HomePage'));
/** «Мій прогрес»; its footprint chart loads uPlot on its own when drawn. */
const ProgressPage = lazyScreen(() => import('../features/progress/components/ProgressPage'));

/** A learning screen: its chunk and the learning slices' (injected into the store), loaded together. */
function learningScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazyScreen<P>(async () => {
    const [, screen] = await Promise.all([import('./learning'), load()]);
    return screen;
  });
}
/** Home's «Що сьогодні»: its one request starts with its chunks, not after them. */
const TodayPanel = learningScreen(() => {
  prime(TODAY_PATH);
  return import('./TodayScreen');
});
/** `/uk/learn/:courseId/:lessonId…`: the course and the lesson's content, asked for beside the chunks. */
function primeCourse() {
  const [courseId, day] = location.pathname.split('/').slice(3, 5).map(decodeURIComponent);
  if (!courseId) return;
  prime(coursePath(courseId));
  if (day && /^\d+$/.test(day)) primeText(lessonContentUrl(courseId, day));
}
const CoursesPage = learningScreen(() => import('../features/courses/components/CoursesPage'));
/**
 * The course screen with its chat, composed in ./CourseScreen. The lesson's chunks load beside it,
 * not after it: a lesson opened by its address waited for each in turn.
 */
const CoursePage = learningScreen(() => {
  primeCourse();
  LessonPage.preload();
  return import('./CourseScreen');
});
/** The sections' tabs share one chunk: each is read with the lesson, so a tab's first switch waits for nothing. */
const LessonPage = learningScreen(() => {
  for (const tab of [LessonMain, LessonTheory, LessonAudio, LessonVideo, LessonTest]) tab.preload();
  return import('../features/courses/components/LessonPage');
});
type SectionName = 'LessonMain' | 'LessonTheory' | 'LessonAudio' | 'LessonVideo' | 'LessonTest';
const lessonSection = (name: SectionName) =>
  learningScreen<object>(() =>
    import('../features/courses/components/LessonSections').then((m) => ({ default: m[name] })),
  );
const LessonMain = lessonSection('LessonMain');
const LessonTheory = lessonSection('LessonTheory');
const LessonAudio = lessonSection('LessonAudio');
const LessonVideo = lessonSection('LessonVideo');
const LessonTest = lessonSection('LessonTest');
const LessonDiary = learningScreen(() => import('./LessonDiary'));
/** «Мій щоденник»: every diary entry of mine in the course (./CourseDiary). */
const CourseDiary = learningScreen(() => import('./CourseDiary'));
/**
 * The screen of the address a signed-in visit opens on, fetched as soon as these routes are here
 * (when routes.tsx fetched these routes while the session is restored): home and its «Що сьогодні», or a course and its
 * lesson. Each renders at once then, instead of suspending in turn (issue 23).
 */
async function preloadScreen(pathname: string): Promise<void> {
  const [, uk, section, courseId] = pathname.split('/');
  if (uk !== 'uk') return;
  if (!section) await Promise.all([HomePage.preload(), TodayPanel.preload()]);
  else if (section === 'learn' && courseId) await CoursePage.preload();
}
/** A homework screen: one chunk for both, which injects the whole exercises slice. */
const homeworkScreen = (name: 'LessonPractice' | 'Active') => () =>
  import('./HomeworkScreens').then((m) => ({ default: m[name] }));
const LessonPractice = learningScreen<object>(homeworkScreen('LessonPractice'));
/** The game (with «Повторення»), olympiad and clubs screens: one chunk, which injects their slices. */
const activityScreen = (name: 'Game' | 'Repetition' | 'Olympiad' | 'Clubs') =>
  lazyScreen<object>(() => import('./ActivityScreens').then((m) => ({ default: m[name] })));
const GamePage = activityScreen('Game');
const RepetitionPage = activityScreen('Repetition');
const OlympiadPage = activityScreen('Olympiad');
/** The notification list and its settings: one chunk (it carries a curator's waiting homework too). */
const notificationScreen = (name: 'Notifications' | 'Settings') =>
  lazyScreen<object>(() => import('./NotificationScreens').then((m) => ({ default: m[name] })));
const NotificationsPage = notificationScreen('Notifications');
const NotificationSettingsPage = notificationScreen('Settings');
const ActivePage = lazyScreen<object>(homeworkScreen('Active'));
const ClubsPage = activityScreen('Clubs');
/** A support screen: one chunk for the donation form and the support programme, which injects their slices. */
type SupportName =
  | 'Donation'
  | 'Restart'
  | 'Indicators'
  | 'Payments'
  | 'Subscriptions'
  | 'Footprint'
  | 'Team'
  | 'Gratitudes';
const supportScreen = (name: SupportName) =>
  lazyScreen<object>(() => import('./SupportScreens').then((m) => ({ default: m[name] })));
const DonationPage = supportScreen('Donation');
/** A failed charge's one-click restart: straight on to the checkout. */
const RestartPage = supportScreen('Restart');
const IndicatorsPage = supportScreen('Indicators');
const PaymentsPage = supportScreen('Payments');
const SubscriptionsPage = supportScreen('Subscriptions');
const FootprintPage = supportScreen('Footprint');
const TeamPage = supportScreen('Team');
const GratitudesPage = supportScreen('Gratitudes');
/** `/unsubscribe` and `/certificates/:id`, public (see routes.tsx): loaded on demand from here. */
const PublicPages = lazyScreen(() => import('./PublicPages'));
/** «Мої сертифікати», composed into the progress page: its own chunk, fetched with it. */
const MyCertificates = lazyScreen(() => import('../features/certificates/components/MyCertificates'));
/** A mistake tag's explanation (linked from a curator's comment) and the curator's saved replies. */
const MistakePage = lazyScreen(() => import('../features/replies/components/MistakePage'));
const RepliesPage = lazyScreen(() => import('../features/replies/components/RepliesPage'));
/** The admin and curator console, «Керування»: one chunk with its own nested routes. */
const AdminScreens = lazyScreen(() => import('./AdminScreens'));

/**
 * The lesson: once its text is on screen, the practice and diary tabs' chunks (features of their
 * own) and their data (my homework, my diary entry) are fetched while the browser is idle, one
 * step per idle moment, so switching to them shows no spinner and asks for nothing, while neither
 * their requests nor their chunks' evaluation (a task each) stand between the lesson and its first
 * paint; every other tab's content came with the lesson.
 */
function Lesson() {
  const { courseId = '', lessonId = '' } = useParams();
  const dispatch = useAppDispatch();
  const [shown, setShown] = useState(false);
  const onShown = useCallback(() => setShown(true), []);
  useEffect(() => {
    if (!shown) return;
    const steps: (() => unknown)[] = [
      () => {
        if (!courseId || !lessonId) return;
        prime(exercisePath(courseId, lessonId));
        dispatch(prefetchDiary({ courseId, lessonId }));
      },
      LessonPractice.preload,
      LessonDiary.preload,
    ];
    let cancel = () => {};
    let cancelled = false;
    const step = (index: number) => {
      const run = steps[index];
      if (!run || cancelled) return;
      cancel = whenIdle(() => void Promise.resolve(run()).then(() => step(index + 1)));
    };
    step(0);
    return () => {
      cancelled = true;
      cancel();
    };
  }, [shown, dispatch, courseId, lessonId]);
  return <LessonPage onShown={onShown} />;
}

function Home() {
  const user = useAppSelector(selectUser);
  return <HomePage firstName={user?.first_name ?? ''} today={(ways) => <TodayPanel ways={ways} />} />;
}

/** Spec section 2's routes under /uk (relative: this renders inside the /uk/* route). */
/** What routes.tsx loads: these routes, once the early-started screen of the address is here. */
export const firstScreen = (
  (globalThis as { __early?: object }).__early ? preloadScreen(location.pathname) : Promise.resolve()
).then(() => ({ default: SignedInRoutes }));

export default function SignedInRoutes() {
  const user = useAppSelector(selectUser);
  const userId = user?._id ?? null;
  const { pathname } = useLocation();
  // routes.tsx sends the public pages here too (outside /uk, no sign-in needed).
  if (!pathname.startsWith('/uk')) return <PublicPages />;
  // Staff powers wait for two-step sign-in (the server refuses every staff call until then).
  if (user?.twoStep.required && !user.twoStep.on && pathname !== TWO_STEP_PATH) {
    return <Navigate to={TWO_STEP_PATH} replace />;
  }
  return (
    <DraftOwner userId={userId}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route index element={<Home />} />
          <Route path="learn" element={<CoursesPage />} />
          <Route path="learn/:courseId" element={<CoursePage />}>
            <Route path="diary" element={<CourseDiary />} />
            <Route path=":lessonId" element={<Lesson />}>
              <Route index element={<LessonMain />} />
              <Route path="theory" element={<LessonTheory />} />
              <Route path="practice" element={<LessonPractice />} />
              <Route path="audio" element={<LessonAudio />} />
              <Route path="video" element={<LessonVideo />} />
              <Route path="test" element={<LessonTest />} />
              <Route path="diary" element={<LessonDiary />} />
            </Route>
          </Route>
          <Route path="game" element={<GamePage />} />
          <Route path="game/repetition" element={<RepetitionPage />} />
          <Route path="olympiad" element={<OlympiadPage />} />
          <Route path="donat" element={<DonationPage />} />
          <Route path="donat/restart/:orderId" element={<RestartPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="confirm-email/:token" element={<ConfirmEmailPage />} />
          <Route path="profile/two-step" element={<TwoStepSetupPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="notifications/settings" element={<NotificationSettingsPage />} />
          <Route path="active" element={<ActivePage />} />
          <Route path="replies" element={<RepliesPage />} />
          <Route path="mistakes/:tag" element={<MistakePage />} />
          <Route path="clubs" element={<ClubsPage />} />
          <Route path="progress" element={<ProgressPage certificates={<MyCertificates />} />} />
          <Route path="bonus" element={<BonusLayout />}>
            <Route index element={<IndicatorsPage />} />
            <Route path="payments" element={<PaymentsPage />} />
            <Route path="subscriptions" element={<SubscriptionsPage />} />
            <Route path="mark" element={<FootprintPage />} />
            <Route path="team" element={<TeamPage />} />
            <Route path="gratitudes" element={<GratitudesPage />} />
          </Route>
          <Route path="admin/*" element={<AdminScreens />} />
          {/* An address that names no screen (an old link, a typo) goes home, in the frame. */}
          <Route path="*" element={<Navigate to="/uk" replace />} />
        </Route>
      </Routes>
    </DraftOwner>
  );
}
