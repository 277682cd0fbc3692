// The console's public API («Керування»): its shell (frame, tabs, access screens) for the route
// table, and the console-generic scaffolding each domain's console screens are built from
// (features/<domain>/admin/). Other features import the console only from here.
export { default as adminStyles } from './Admin.module.css';
export { AdminForm, type EditFormProps, NameFields, numberOrUndefined, useFields } from './AdminForm';
export { adminPath, pathSegment, type QueryValue } from './api';
export { AdminsOnly, ConsoleFrame, StaffOnly } from './Console';
export { useDownload } from './download';
export { type Column, DataTable, ListState } from './ListState';
export {
  Badge,
  FilterInput,
  FormToggle,
  type Outcome,
  OutcomeMessage,
  RightAnswer,
  SearchField,
  SelectField,
  useDebounced,
  useOutcome,
  useRefocus,
} from './parts';
export { adminTexts, roleNames } from './texts';
export { type AdminQuery, useAdminQuery } from './useAdminQuery';
