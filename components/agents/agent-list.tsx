"use client";

import { AudioLines } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCan } from "@/components/console/console-session";
import { consoleRequest, describeError } from "@/components/knowledge-bases/console-api";
import { DateTime } from "@/components/knowledge-bases/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import type { Agent } from "@/lib/voice-api/agents";
import { CreateAgentButton } from "./create-agent-button";

/** What deleting the agent does, naming the phone numbers that would lose it. */
function deleteDescription(numbers: string[]): string {
  const base = "The agent, all its versions and its post-call questions are deleted for good. Calls keep their records.";
  if (!numbers.length) return `${base} No phone number answers with it.`;
  const list = numbers.length === 1 ? numbers[0] : `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
  return `${base} ${numbers.length === 1 ? "The number" : "The numbers"} ${list} will have no inbound agent and stop answering calls until you choose another.`;
}

export function AgentList({ agents, page, totalPages, numbersByAgent = {} }: { agents: Agent[]; page: number; totalPages: number; numbersByAgent?: Record<string, string[]> }) {
  const canWrite = useCan("write");
  const router = useRouter();

  if (agents.length === 0) {
    return (
      <EmptyState
        icon={AudioLines}
        title={page === 1 ? "No agents yet" : `Page ${page} is empty`}
        description={
          canWrite
            ? "Create an agent from a template (appointment booking, survey, support triage) or from a blank graph, then shape its states."
            : "A member of your organization can create agents; your role can read them."
        }
        action={canWrite ? <CreateAgentButton label="Create an agent" /> : undefined}
      />
    );
  }

  const remove = async (agent: Agent) => {
    try {
      await consoleRequest("DELETE", `agents/${agent.id}`);
      toast.success(`${agent.name} deleted`);
      router.refresh();
    } catch (error) {
      toast.error("The agent could not be deleted", describeError(error));
      throw error;
    }
  };

  return (
    <div className="grid gap-4">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Version</TableHead>
            <TableHead className="hidden sm:table-cell">Language</TableHead>
            <TableHead className="hidden md:table-cell">Model</TableHead>
            <TableHead className="hidden md:table-cell">Updated</TableHead>
            {canWrite ? (
              <TableHead className="w-24">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {agents.map((agent) => (
            <TableRow key={agent.id}>
              <TableCell className="font-medium">
                <Link href={`/agents/${agent.id}`} className="hover:underline">
                  {agent.name}
                </Link>
                <div className="text-xs text-muted-foreground">
                  {agent.states.length} {agent.states.length === 1 ? "state" : "states"}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant="outline">v{agent.version}</Badge>
              </TableCell>
              <TableCell className="hidden sm:table-cell">{agent.language}</TableCell>
              <TableCell className="hidden md:table-cell">
                <span className="font-mono text-xs">{agent.llm.model}</span>
                <div className="text-xs text-muted-foreground">{agent.llm.provider}</div>
              </TableCell>
              <TableCell className="hidden md:table-cell">
                <DateTime value={agent.updated_at} />
              </TableCell>
              {canWrite ? (
                <TableCell className="text-right">
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="sm" aria-label={`Delete ${agent.name}`}>
                        Delete
                      </Button>
                    }
                    title={`Delete ${agent.name}?`}
                    description={deleteDescription(numbersByAgent[agent.id] ?? [])}
                    confirmLabel="Delete agent"
                    onConfirm={() => remove(agent)}
                  />
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {totalPages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-sm">
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/agents?page=${page - 1}`}>Previous</Link>
            </Button>
          ) : null}
          <span className="text-muted-foreground">
            Page {page} of {totalPages}
          </span>
          {page < totalPages ? (
            <Button asChild variant="outline" size="sm">
              <Link href={`/agents?page=${page + 1}`}>Next</Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
