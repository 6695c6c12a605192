"use client";

import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { applyCompletion, completionQuery, filterSuggestions, promptReferences, type Suggestion } from "@/lib/agent-builder/prompt-references";
import { cn } from "@/lib/utils/cn";

/**
 * A state's prompt. Typing `{{` offers the state's tools and the agent's variables (arrows, Enter or
 * Tab to insert, Escape to close); every {{reference}} is listed under it, unknown ones marked.
 */
export function PromptEditor({
  label = "Prompt",
  value,
  onChange,
  suggestions,
  errors = [],
  disabled,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  suggestions: Suggestion[];
  errors?: string[];
  disabled?: boolean;
}) {
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);

  const query = caret === null ? null : completionQuery(value, caret);
  const matches = useMemo(() => (query ? filterSuggestions(suggestions, query.query).slice(0, 8) : []), [query, suggestions]);
  const open = Boolean(query && matches.length && dismissed !== query.start);
  const references = promptReferences(
    value,
    suggestions.map((suggestion) => suggestion.name),
  );
  const unknown = references.filter((reference) => !reference.known);

  const choose = (suggestion: Suggestion) => {
    if (!query || caret === null) return;
    const next = applyCompletion(value, query.start, caret, suggestion.name);
    onChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => (current + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      choose(matches[Math.min(active, matches.length - 1)]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(query!.start);
    }
  };

  const track = () => {
    const element = ref.current;
    if (element) setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
  };

  return (
    <div className="relative grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        ref={ref}
        rows={7}
        value={value}
        disabled={disabled}
        className="font-mono text-xs leading-relaxed"
        placeholder={disabled ? "No prompt" : "What the agent does in this state. Type {{ to refer to a tool or a variable."}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-suggestions`}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${id}-option-${active}` : undefined}
        aria-invalid={errors.length || unknown.length ? true : undefined}
        aria-describedby={`${id}-references`}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onKeyUp={track}
        onClick={track}
        onBlur={() => setTimeout(() => setCaret(null), 150)}
      />
      {open ? (
        <ul
          id={`${id}-suggestions`}
          role="listbox"
          aria-label="Tools and variables"
          className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {matches.map((suggestion, i) => (
            <li
              key={suggestion.name}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn("flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1", i === active && "bg-accent text-accent-foreground")}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <span className="font-mono text-xs">{suggestion.name}</span>
              <span className="truncate text-xs text-muted-foreground">
                {suggestion.kind === "tool" ? "tool" : "variable"} · {suggestion.detail}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div id={`${id}-references`} className="flex flex-wrap gap-1 text-xs" aria-live="polite">
        {references.length === 0 ? <span className="text-muted-foreground">No {"{{references}}"} yet.</span> : null}
        {[...new Map(references.map((reference) => [reference.name, reference])).values()].map((reference) => (
          <span
            key={reference.name}
            className={cn(
              "rounded border px-1.5 py-0.5 font-mono",
              reference.known ? "border-success/40 text-success" : "border-destructive/60 bg-destructive/10 text-destructive",
            )}
            title={reference.known ? "A tool of this state or a variable" : "Neither a tool of this state nor a variable"}
          >
            {`{{${reference.name}}}`}
            {reference.known ? null : " unknown"}
          </span>
        ))}
      </div>
      {errors.length ? (
        <p className="text-xs font-medium text-destructive" role="alert">
          {errors.join(" · ")}
        </p>
      ) : null}
    </div>
  );
}
