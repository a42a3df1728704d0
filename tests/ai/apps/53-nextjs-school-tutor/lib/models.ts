export const DEFAULT_MODEL = "gpt-4o-mini-2024-07-18";

export const TIER_MODELS: Record<string, string> = {
  standard: DEFAULT_MODEL,
  premium: "gpt-4o-2024-08-06",
};
