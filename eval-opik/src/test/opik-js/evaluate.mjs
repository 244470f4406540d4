// The official Opik TypeScript SDK's evaluate() for a two-item dataset and one metric, against the
// Opik at OPIK_URL_OVERRIDE (eval-opik's fake, on 127.0.0.1). Exits non-zero on any failure.
import { Opik, evaluate, ExactMatch } from "opik";

const client = new Opik({
  apiUrl: process.env.OPIK_URL_OVERRIDE,
  apiKey: process.env.OPIK_API_KEY,
  workspaceName: process.env.OPIK_WORKSPACE,
  projectName: process.env.OPIK_PROJECT_NAME,
});
const dataset = await client.getOrCreateDataset(process.env.OPIK_DATASET);
await dataset.insert([
  { input: "Good morning", expected: "hello" },
  { input: "Say banana", expected: "banana" },
]);
const result = await evaluate({
  dataset,
  task: async (item) => ({ output: item.expected }),
  scoringMetrics: [new ExactMatch()],
  experimentName: process.env.OPIK_EXPERIMENT,
  client,
});
await client.flush();
console.log(JSON.stringify({ experimentId: result.experimentId }));
