/** A voice a text-to-speech provider offers: `name` is what the agent's `voice.name` holds, `label` how people call it. */
export type VoiceOption = { name: string; description: string; label?: string };

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
    { name: "21m00Tcm4TlvDq8ikWAM", label: "Rachel", description: "Calm, American" },
    { name: "pNInz6obpgDQGcFmaJgB", label: "Adam", description: "Deep, American" },
    { name: "EXAVITQu4vr4xnSDxMaL", label: "Bella", description: "Soft, American" },
    { name: "ErXwobaYiN019PkySvjV", label: "Antoni", description: "Well-rounded, American" },
  ],
  cartesia: [
    { name: "f786b574-daa5-4673-aa0c-cbe3e8534c02", label: "Katie", description: "Friendly, conversational" },
    { name: "a0e99841-438c-4a64-b679-ae501e7d6091", label: "Barbershop Man", description: "Warm, relaxed" },
  ],
  deepgram: [
    { name: "aura-2-thalia-en", label: "Thalia", description: "Clear, energetic, American" },
    { name: "aura-2-andromeda-en", label: "Andromeda", description: "Casual, expressive, American" },
    { name: "aura-2-helena-en", label: "Helena", description: "Caring, friendly, American" },
    { name: "aura-2-apollo-en", label: "Apollo", description: "Confident, casual, American" },
    { name: "aura-2-arcas-en", label: "Arcas", description: "Natural, smooth, American" },
    { name: "aura-2-orion-en", label: "Orion", description: "Approachable, calm, American" },
  ],
  openai_realtime: [
    { name: "marin", description: "Natural, recommended" },
    { name: "cedar", description: "Natural, recommended" },
    { name: "alloy", description: "Neutral and balanced" },
    { name: "ash", description: "Clear, confident" },
    { name: "ballad", description: "Soft, expressive" },
    { name: "coral", description: "Warm, friendly" },
    { name: "echo", description: "Calm, resonant" },
    { name: "sage", description: "Reassuring, steady" },
    { name: "shimmer", description: "Light, upbeat" },
    { name: "verse", description: "Versatile, natural" },
  ],
  browser: [],
};
