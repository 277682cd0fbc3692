// «Відкритий звіт»'s public API. Its screens (the public page, the console's expenses) are loaded
// lazily by path from app/; nothing of it is on the first screen.
export { openbookPath } from './api';
export { openbookTexts } from './texts';
