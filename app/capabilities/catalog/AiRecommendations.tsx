import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Alert, Label, Textarea } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import type { ProductSearchData } from "./page.server";
import { ProductCard } from "./ProductCard";
import { SEARCH_MESSAGES, useHydrated } from "./ProductSearch";

/** The 'AI Recommendations' tab (public spec §8): a prompt, then real catalogue products. */
export function AiRecommendations({ data }: { data: ProductSearchData }) {
  const hydrated = useHydrated();
  const [prompt, setPrompt] = useState(data.prompt);
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  useEffect(() => {
    if (data.aiFailed)
      toast({ title: "Error", description: SEARCH_MESSAGES.aiFailed, variant: "destructive" });
  }, [data.aiFailed]);
  return (
    <div className="space-y-6">
      {!data.aiModel && <Alert tone="info">{SEARCH_MESSAGES.keywordsOnly}</Alert>}
      {data.aiModel && data.ai?.via === "keywords" && (
        <Alert tone="info">{SEARCH_MESSAGES.modelMissed}</Alert>
      )}
      <Form method="get" action="/product-search" className="space-y-3">
        <input type="hidden" name="tab" value="ai" />
        <Label htmlFor="ai-prompt">Describe what you need</Label>
        <Textarea
          id="ai-prompt"
          name="prompt"
          rows={3}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder="e.g. Navy hoodies under $25 for a 40-person team event"
        />
        <Button type="submit" variant="primary" disabled={(hydrated && !prompt.trim()) || loading}>
          {loading ? "Finding products..." : "Get Recommendations"}
        </Button>
      </Form>
      {data.aiFailed ? (
        <Alert tone="error">{SEARCH_MESSAGES.aiFailed}</Alert>
      ) : data.ai && data.ai.recommendations.length === 0 ? (
        <Alert tone="info">{SEARCH_MESSAGES.aiEmpty}</Alert>
      ) : data.ai ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Recommended products">
          {data.ai.recommendations.map((r) => (
            <ProductCard key={r.product.id} product={r.product} reason={r.reason} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
