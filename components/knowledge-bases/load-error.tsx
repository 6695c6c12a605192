import { AlertTriangle } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";

/** The API's own message when a page's data could not be read (remote API down, key missing …). */
export function LoadError({ title, message }: { title: string; message: string }) {
  return <EmptyState icon={AlertTriangle} title={title} description={<span role="alert">{message}</span>} />;
}
