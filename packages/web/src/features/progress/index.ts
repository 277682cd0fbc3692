// Progress's public API: its screen (components/ProgressPage) loads lazily by path from app/.
export {};
