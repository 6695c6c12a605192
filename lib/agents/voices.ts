/** A voice a text-to-speech provider offers, as an agent's `voice.name` names it. */
export type VoiceOption = { name: string; description: string };

/**
 * The voices each provider is known to offer. Providers accept other names too (custom and cloned
 * voices, new releases): the studio keeps "another voice" as free text beside this list.
 */
export const KNOWN_VOICES: Record<string, readonly VoiceOption[]> = {
  openai: [
    { name: "alloy", description: "Neutral and balanced" },
    { name: "ash", description: "Clear, confident" },
    { name: "ballad", description: "Soft, expressive" },
    { name: "coral", description: "Warm, friendly" },
    { name: "echo", description: "Calm, resonant" },
    { name: "fable", description: "Bright, storytelling" },
    { name: "nova", description: "Energetic, youthful" },
    { name: "onyx", description: "Deep, authoritative" },
    { name: "sage", description: "Reassuring, steady" },
    { name: "shimmer", description: "Light, upbeat" },
    { name: "verse", description: "Versatile, natural" },
  ],
  azure: [
    { name: "en-US-JennyNeural", description: "English (US), female" },
    { name: "en-US-GuyNeural", description: "English (US), male" },
    { name: "en-US-AriaNeural", description: "English (US), female, conversational" },
    { name: "en-GB-SoniaNeural", description: "English (UK), female" },
    { name: "de-DE-KatjaNeural", description: "German, female" },
    { name: "fr-FR-DeniseNeural", description: "French, female" },
    { name: "es-ES-ElviraNeural", description: "Spanish (Spain), female" },
  ],
  elevenlabs: [
    { name: "Rachel", description: "Calm, American" },
    { name: "Adam", description: "Deep, American" },
    { name: "Bella", description: "Soft, American" },
    { name: "Antoni", description: "Well-rounded, American" },
  ],
  browser: [],
};
