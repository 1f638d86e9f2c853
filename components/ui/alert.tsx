import * as React from "react";

import { alertClasses } from "@/components/ui/field-classes";
import { cn } from "@/lib/utils";

type AlertVariant = "default" | "destructive" | "success";

function Alert({ className, variant, ...props }: React.ComponentProps<"div"> & { variant?: AlertVariant | null }) {
  return (
    <div data-slot="alert" role="alert" className={cn(alertClasses[variant ?? "default"], className)} {...props} />
  );
}

function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-title" className={cn(alertClasses.title, className)} {...props} />;
}

function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-description" className={cn(alertClasses.description, className)} {...props} />;
}

export { Alert, AlertTitle, AlertDescription };
