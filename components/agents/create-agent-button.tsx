"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useCan } from "@/components/console/console-session";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { agentTemplates } from "@/lib/agent-builder/templates";
import { cn } from "@/lib/utils/cn";
import type { Agent } from "@/lib/voice-api/agents";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";

/** Name the agent, pick a template, and land in its editor. */
export function CreateAgentButton({ label = "New agent" }: { label?: string }) {
  const canWrite = useCan("write");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState(agentTemplates[1].id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canWrite) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const template = agentTemplates.find((candidate) => candidate.id === templateId)!;
    setBusy(true);
    setError(null);
    try {
      const { data: agent } = await consoleRequest<Agent>("POST", "/v1/agents", template.agent(name.trim() || template.title));
      if (template.questions) {
        await consoleRequest("POST", `/v1/agents/${agent.id}/post-call-questions`, { questions: template.questions }).catch((failure: unknown) =>
          toast.error("The template's post-call questions were not added", describeError(failure)),
        );
      }
      toast.success(`${agent.name} created`);
      setOpen(false);
      router.push(`/agents/${agent.id}`);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Create an agent</DialogTitle>
            <DialogDescription>Start from a template and change anything afterwards; every save is a new version.</DialogDescription>
          </DialogHeader>
          <FormField label="Name" error={error}>
            <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. Clinic booking line" maxLength={255} autoFocus />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Template</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {agentTemplates.map((template) => (
                <label
                  key={template.id}
                  className={cn(
                    "flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                    templateId === template.id && "border-primary bg-accent",
                  )}
                >
                  <input
                    type="radio"
                    name="template"
                    value={template.id}
                    checked={templateId === template.id}
                    onChange={() => setTemplateId(template.id)}
                    className="mt-0.5 accent-primary"
                  />
                  <span className="grid gap-1">
                    <span className="font-medium">{template.title}</span>
                    <span className="text-xs text-muted-foreground">{template.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Creating…" : "Create agent"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
