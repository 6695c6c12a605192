"use client";

import { PhoneOff, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useSWRConfig } from "swr";
import { useCan } from "@/components/console/console-session";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { callKey, isCallsKey } from "@/lib/swr/use-calls";
import { browserApi } from "@/lib/voice-api/browser-client";
import { deleteCall, isOngoing, terminateCall, type Call } from "@/lib/voice-api/calls";
import { apiErrorText } from "./api-error-text";

const failed = (title: string) => (error: unknown) => {
  toast.error(title, apiErrorText(error));
  throw error;
};

/** Terminate (an ongoing phone call) and delete; shown to roles that may change calls. */
export function CallActions({ call }: { call: Pick<Call, "id" | "type" | "status"> }) {
  const canWrite = useCan("write");
  const router = useRouter();
  const { mutate } = useSWRConfig();
  if (!canWrite) return null;

  const terminate = () =>
    terminateCall(browserApi(), call.id).then(async () => {
      toast.success("Call terminated");
      await mutate(callKey(call.id));
      router.refresh();
    }, failed("The call was not terminated"));

  const remove = () =>
    deleteCall(browserApi(), call.id).then(async () => {
      toast.success("Call deleted");
      // Pages of the list cached in this tab still hold the call: drop them.
      await mutate(isCallsKey, undefined, { revalidate: false });
      router.replace("/calls");
      router.refresh();
    }, failed("The call was not deleted"));

  return (
    <>
      {call.type === "phone_call" && isOngoing(call) ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <PhoneOff aria-hidden /> Terminate
            </Button>
          }
          title="End this call now?"
          description="The caller is disconnected and the call ends with the reason “terminated”."
          confirmLabel="Terminate call"
          onConfirm={terminate}
        />
      ) : null}
      <ConfirmDialog
        trigger={
          <Button variant="destructive">
            <Trash2 aria-hidden /> Delete
          </Button>
        }
        title="Delete this call?"
        description="The call, its transcript, recording link and post-call answers are removed for good. Analytics totals drop it too."
        confirmLabel="Delete call"
        onConfirm={remove}
      />
    </>
  );
}
