"use client";

import { useCallback, useEffect, useRef, useState } from "react";

type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  onresult: ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The browser's speech recognition, where it has one: each final phrase goes to `onPhrase`. */
export function useSpeechRecognition(language: string, onPhrase: (text: string) => void) {
  const [supported, setSupported] = useState(false);
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const handler = useRef(onPhrase);
  useEffect(() => {
    handler.current = onPhrase;
  }, [onPhrase]);
  useEffect(() => {
    // Known only in the browser; the server render shows the typed input alone.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSupported(recognitionConstructor() !== null);
    return () => recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor) return;
    const r = new Constructor();
    r.lang = language;
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        if (result.isFinal && result[0].transcript.trim()) handler.current(result[0].transcript.trim());
      }
    };
    r.onerror = (event) => setError(event.error === "not-allowed" ? "Microphone access was refused" : `Speech recognition: ${event.error}`);
    r.onend = () => setListening(false);
    recognition.current = r;
    setError(null);
    r.start();
    setListening(true);
  }, [language]);

  const stop = useCallback(() => {
    recognition.current?.stop();
    setListening(false);
  }, []);

  return { supported, listening, error, start, stop };
}

/** Says the agent's words with the browser's speech synthesis. */
export function speak(text: string, language: string): void {
  if (typeof window === "undefined" || !("speechSynthesis" in window)) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = language;
  window.speechSynthesis.speak(utterance);
}
