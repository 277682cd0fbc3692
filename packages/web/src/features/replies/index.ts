// Saved replies' and mistake tags' public API: the picker and the tag toggles beside a curator's
// comment field, the tags under a comment. Its screens («Шаблони відповідей», a mistake's page)
// are loaded lazily by path from app/.
export { MistakeTags } from './components/MistakeTags';
export { ReplyPicker } from './components/ReplyPicker';
export { TagToggles } from './components/TagToggles';
