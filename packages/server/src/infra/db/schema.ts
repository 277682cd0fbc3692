import type { Role } from '@yedyni/contract';

/** Instants are milliseconds since the epoch (bigint columns), money is integer kopiykas. */
export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id; empty for the root account, which never signs in. */
  password_hash: string;
  role: Role;
  inviter_id: string | null;
  created_at: number;
  /** Український слід: the running total of the footprint ledger. */
  mark: number;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  /** sha256 of the token mailed to the user; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MarkEntriesTable {
  id: string;
  user_id: string;
  date: number;
  points: number;
  comment: string;
  final_value: number;
  /** What caused the row; unique, so a retried cause never counts twice. */
  source_key: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  mark_entries: MarkEntriesTable;
}
