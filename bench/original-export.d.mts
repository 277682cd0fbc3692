export declare const BCRYPT_HASH: string;
export declare const T0: number;
export declare function oid(kind: string, n: number): { $oid: string };
export declare function writeArray(file: string, count: number, make: (i: number) => unknown): Promise<void>;
export declare function person(i: number, count: number, extra?: Record<string, unknown>): Record<string, unknown>;
