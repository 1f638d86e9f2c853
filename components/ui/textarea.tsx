import * as React from "react";

import { textareaClasses } from "@/components/ui/field-classes";
import { cn } from "@/lib/utils";

function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(textareaClasses, className)} {...props} />;
}

export { Textarea };
