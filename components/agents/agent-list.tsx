"use client";

import { AudioLines } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCan } from "@/components/console/console-session";
import { DateTime } from "@/components/knowledge-bases/date-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import type { Agent } from "@/lib/voice-api/agents";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { CreateAgentButton } from "./create-agent-button";
import { deleteDescription } from "./delete-description";

/** `numbersByAgent` is null when the phone numbers could not be loaded: the delete dialog says so rather than "none". */
export function AgentList({ agents, page, totalPages, numbersByAgent }: { agents: Agent[]; page: number; totalPages: number; numbersByAgent: Record<string, string[]> | null }) {
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
      await consoleRequest("DELETE", `/v1/agents/${agent.id}`);
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
                    description={deleteDescription(numbersByAgent ? (numbersByAgent[agent.id] ?? []) : null)}
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
