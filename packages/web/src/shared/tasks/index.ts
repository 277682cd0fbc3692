// Task screens shared by the game and the olympiads (features do not import each other).
export { type Answers, answersFor, describeAnswer, isAnswered, type Outcome, outcomeOf, TASK_POINTS } from './answers';
export { TaskResults, type TaskResultsProps } from './TaskResults';
export { TaskRunner, type TaskRunnerProps } from './TaskRunner';
export { ErrorTask, GapTask, MatchTask, OrderTask, QuizTask, TaskView, type TaskViewProps } from './TaskView';
export { taskTexts } from './texts';
export { formatClock, formatWait, localDeadline, useCountdown } from './useCountdown';
