"use client";

import type { Table } from "@tanstack/react-table";
import { Check, Columns3 } from "lucide-react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { Call } from "@/lib/voice-api/calls";
import { HIDEABLE_COLUMNS } from "./call-columns";

export function ColumnMenu({ table }: { table: Table<Call> }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        {HIDEABLE_COLUMNS.map(({ id, label }) => {
          const column = table.getColumn(id);
          if (!column) return null;
          return (
            <DropdownMenuPrimitive.CheckboxItem
              key={id}
              checked={column.getIsVisible()}
              onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
              onSelect={(event) => event.preventDefault()}
              className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-7 text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground"
            >
              <span className="absolute left-2 flex size-3.5 items-center justify-center">
                <DropdownMenuPrimitive.ItemIndicator>
                  <Check className="size-4" aria-hidden />
                </DropdownMenuPrimitive.ItemIndicator>
              </span>
              {label}
            </DropdownMenuPrimitive.CheckboxItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
