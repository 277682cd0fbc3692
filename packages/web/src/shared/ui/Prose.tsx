import styles from './Prose.module.css';

/**
 * Lesson HTML as learners see it: the lesson screen and the editor's preview use this one
 * component, so the preview cannot drift from the real thing. Only ever given HTML the server
 * sanitized (the lesson content endpoint, or the admin preview, which runs the same sanitizer).
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `${styles.prose} ${className}` : styles.prose}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes lesson HTML (SECURITY.md «Uploads and authored content»).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
