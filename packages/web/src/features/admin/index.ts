// The console's public API («Керування»): its shell (frame, tabs, access screens) for the route
// table, and the console-generic scaffolding each domain's console screens are built from
// (features/<domain>/admin/). Other features import the console only from here.

export { useDownload } from '../../shared/lib/download';
// An action's outcome is the app's, not only the console's; re-exported for the console's screens.
export { type Outcome, OutcomeMessage, useOutcome } from '../../shared/ui/Outcome';
export { default as adminStyles } from './Admin.module.css';
export {
  AdminForm,
  type EditFormProps,
  NameFields,
  numberOrUndefined,
  useEditFields,
  useFields,
} from './AdminForm';
export { adminPath, pathSegment, type QueryValue } from './api';
export { AdminsOnly, ConsoleFrame, StaffOnly } from './Console';
export { type Column, DataTable, ListState } from './ListState';
export {
  Badge,
  codeInput,
  FilterInput,
  FormToggle,
  RightAnswer,
  SearchField,
  SelectField,
  useDebounced,
  useRefocus,
} from './parts';
export { adminTexts, roleNames } from './texts';
export { type AdminQuery, useAdminQuery } from './useAdminQuery';
