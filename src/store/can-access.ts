import { accessSync } from "node:fs";

/**
 * True when this user has `mode` (`constants.R_OK`, `W_OK`, `X_OK`, or their union) on `path`;
 * false when access is refused or the path is missing. Never throws.
 */
export function canAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
