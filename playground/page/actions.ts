// An action that may ask the person something: each alert or prompt is answered, then the action is replayed.
import type { ActionResponse, DialogAnswer } from "../protocol";
import { post } from "./api";
import { askPerson } from "./ask-person";

export async function act(
  path: string,
  body: Record<string, unknown>,
  alongside = false,
): Promise<ActionResponse> {
  const answers: DialogAnswer[] = [];
  for (;;) {
    const response = await post(path, { ...body, answers }, alongside);
    if (response.result.status !== "dialog") return response;
    answers.push(await askPerson(response.result.dialog));
  }
}
