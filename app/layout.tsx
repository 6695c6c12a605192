import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: "Voice Agent Studio",
  description: "Build, run and observe conversational voice agents",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", margin: 0 }}>{children}</body>
    </html>
  );
}
