import { formatNumber, MAX_FILE_BYTES } from '@yedyni/contract';

export { MAX_FILE_BYTES };

/** What file pickers offer: images, PDF, audio, Word/Excel/PowerPoint/OpenDocument (the server checks content). */
export const ACCEPT_FILES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
  'audio/*',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
].join(',');

/** A file size as people read it: «820 Б», «14 КБ», «2,4 МБ». */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} КБ`;
  return `${formatNumber(bytes / 1024 / 1024, 1)} МБ`;
}
