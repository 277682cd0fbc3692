import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary';

/** Class names of a button, also for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return `${styles.button} ${styles[variant]}${block ? ` ${styles.block}` : ''}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  block?: boolean;
}

export function Button({ variant = 'primary', block = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = buttonClass(variant, block);
  return <button type={type} className={className ? `${classes} ${className}` : classes} {...rest} />;
}
