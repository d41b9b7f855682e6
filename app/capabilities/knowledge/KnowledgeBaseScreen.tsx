import { useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { useOnSuccess, useResultToast } from "~/platform/admin-kit/feedback";
import type { Page } from "~/platform/admin-kit/list";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/Tabs";
import { KnowledgeForm } from "./KnowledgeForm";
import { type KnowledgeRow, KnowledgeTable } from "./KnowledgeTable";
import { type KnowledgeSource, knowledgeMessages as m } from "./messages";

type Tab = "view" | "create" | "edit";

const failureOf = (answer: FormResult | undefined) =>
  answer && !answer.ok ? answer.fieldErrors : undefined;

/**
 * Spec §2: tabs view, create and edit; the edit tab exists only while an entry is selected.
 * A save that succeeds goes back to the list; one that fails keeps the form and its messages.
 */
export function KnowledgeBaseScreen({
  entries,
  source,
}: {
  entries: Page<KnowledgeRow> | null;
  source: KnowledgeSource | undefined;
}) {
  const [tab, setTab] = useState<Tab>("view");
  const [selected, setSelected] = useState<KnowledgeRow | null>(null);
  // Bumped after a create, so the create form starts empty again.
  const [blankForm, setBlankForm] = useState(0);

  const create = useFetcher<FormResult>({ key: "knowledge-create" });
  useResultToast(create.data);
  useOnSuccess(create.data, () => {
    setBlankForm((n) => n + 1);
    setTab("view");
  });

  const edit = useFetcher<FormResult>({ key: "knowledge-edit" });
  useResultToast(edit.data);
  // Field messages belong to the entry they were posted for, not to one selected since.
  const [postedFor, setPostedFor] = useState<string | null>(null);
  useOnSuccess(edit.data, () => {
    setSelected(null);
    setTab("view");
  });

  const select = (entry: KnowledgeRow) => {
    setSelected(entry);
    setTab("edit");
  };
  const closeEdit = () => {
    setSelected(null);
    setTab("view");
  };
  // The entry being edited is deleted from the list: its edit tab goes with it.
  const deletingSelected = useFetchers().some(
    (f) => f.formData?.get("intent") === "delete" && f.formData.get("id") === selected?.id,
  );
  if (deletingSelected) closeEdit();

  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <TabsList aria-label="Knowledge base">
        <TabsTrigger value="view">View Entries</TabsTrigger>
        <TabsTrigger value="create">Create Entry</TabsTrigger>
        {selected && <TabsTrigger value="edit">Edit Entry</TabsTrigger>}
      </TabsList>
      <TabsContent value="view">
        <Loaded value={entries} failure={m.load}>
          {(page) => <KnowledgeTable page={page} source={source} onEdit={select} />}
        </Loaded>
      </TabsContent>
      <TabsContent value="create">
        <KnowledgeForm
          key={blankForm}
          fetcher={create}
          entry={null}
          errors={failureOf(create.data)}
          submitLabel="Create Entry"
        />
      </TabsContent>
      {selected && (
        <TabsContent value="edit">
          <KnowledgeForm
            key={selected.id}
            fetcher={edit}
            entry={selected}
            errors={postedFor === selected.id ? failureOf(edit.data) : undefined}
            submitLabel="Update Entry"
            onSubmit={() => setPostedFor(selected.id)}
          >
            <Button variant="secondary" onClick={closeEdit}>
              Cancel
            </Button>
          </KnowledgeForm>
        </TabsContent>
      )}
    </Tabs>
  );
}
