/** Languages an agent can be set to in the studio (any well-formed BCP 47 tag works through the API). */
export const COMMON_LANGUAGE_TAGS = [
  "en-US", "en-GB", "en-AU", "en-CA", "en-IN", "es-ES", "es-MX", "es-US", "fr-FR", "fr-CA", "de-DE", "de-CH", "it-IT",
  "pt-BR", "pt-PT", "nl-NL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "pl-PL", "cs-CZ", "tr-TR", "ru-RU", "uk-UA", "el-GR",
  "ar-SA", "he-IL", "hi-IN", "ja-JP", "ko-KR", "zh-CN", "zh-TW", "id-ID", "th-TH", "vi-VN",
] as const;

/** "English (United States) · en-US", or the bare tag where the runtime has no name for it. */
export function languageLabel(tag: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "language" }).of(tag);
    return name && name !== tag ? `${name} · ${tag}` : tag;
  } catch {
    return tag;
  }
}
