package dev.agenteval.judge.internal;

import dev.agenteval.api.JudgeException;
import dev.agenteval.judge.ChatBackend;
import dev.agenteval.judge.ChatBackend.Message;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one way the judge and the user simulator reach their {@link ChatBackend}: a reply becomes a
 * {@link Completion}, and whatever the backend throws that is not a {@link JudgeException} becomes
 * one naming the model in its role (a null reply too), so a broken backend ends as
 * {@code judge_error}, never as a crash of the run. The built-in {@link JudgeTransport} is asked
 * for its completion directly, which keeps what it knows about a reply without text (a refusal).
 * Thread-safe when the backend is.
 */
public final class ModelCalls {

    private final ChatBackend backend;
    private final ModelRole role;
    private final String model;

    /** Calls to {@code backend} as the model in {@code role}. */
    public ModelCalls(ChatBackend backend, ModelRole role) {
        this.backend = backend;
        this.role = role;
        this.model = named(backend);
    }

    /** The backend's model, checked to be named. */
    private static String named(ChatBackend backend) {
        String model = backend.model();
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("the chat backend " + backend + " names no model (model() is "
                    + (model == null ? "null" : "blank") + ")");
        }
        return model.strip();
    }

    /** The model. */
    public String model() {
        return model;
    }

    /** The backend. */
    public ChatBackend backend() {
        return backend;
    }

    /** One reply to {@code messages}. */
    public Completion complete(List<Message> messages) throws InterruptedException {
        if (backend instanceof JudgeTransport transport) {
            return transport.completion(messages);
        }
        ChatBackend.Reply reply;
        try {
            reply = backend.complete(messages);
        } catch (JudgeException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure("failed", e);
        }
        if (reply == null) {
            throw new JudgeException(role.named(model) + " failed: its chat backend returned no reply",
                    Map.of(role.contextKey(), model), null);
        }
        return Completion.of(reply, model);
    }

    /** The backend's preflight, its failures named as {@link #complete} names them. */
    public void preflight() throws InterruptedException {
        try {
            backend.preflight();
        } catch (JudgeException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure("failed its preflight", e);
        }
    }

    private JudgeException failure(String what, RuntimeException e) {
        Map<String, Object> context = new LinkedHashMap<>();
        context.put(role.contextKey(), model);
        context.put("cause", e.getClass().getName());
        return new JudgeException(role.named(model) + " " + what + ": " + (e.getMessage() == null
                ? e.getClass().getSimpleName() : e.getMessage()), context, e);
    }
}
