"use client";

import type { VisibilityState } from "@tanstack/react-table";
import { useCallback, useSyncExternalStore } from "react";
import { DEFAULT_HIDDEN_COLUMNS } from "./call-columns";

const STORAGE_KEY = "studio.calls.columns.v1";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function parse(raw: string | null): VisibilityState {
  if (!raw) return DEFAULT_HIDDEN_COLUMNS;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as VisibilityState) : DEFAULT_HIDDEN_COLUMNS;
  } catch {
    return DEFAULT_HIDDEN_COLUMNS;
  }
}

/** The calls table's column choice, kept in this browser's localStorage (and in step across tabs). */
export function useColumnVisibility(): [VisibilityState, (next: VisibilityState | ((old: VisibilityState) => VisibilityState)) => void] {
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const visibility = parse(raw);
  const setVisibility = useCallback((next: VisibilityState | ((old: VisibilityState) => VisibilityState)) => {
    const value = typeof next === "function" ? next(parse(read())) : next;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    } catch {
      // storage full or disabled: the choice cannot be kept
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [visibility, setVisibility];
}
