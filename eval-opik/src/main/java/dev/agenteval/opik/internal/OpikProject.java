package dev.agenteval.opik.internal;

import java.util.Objects;

/**
 * The project traces go to, and its id, looked up once: found or created when the run is
 * recorded, found or known to be missing when only the agent's traces are linked.
 */
public final class OpikProject {

    private final OpikClient client;
    private final String name;
    private volatile String id;
    private volatile boolean missing;

    /** Project {@code name}, looked up through {@code client}. */
    public OpikProject(OpikClient client, String name) {
        this.client = Objects.requireNonNull(client, "client");
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The same project through another client, knowing what this one found out. */
    public OpikProject through(OpikClient other) {
        OpikProject copy = new OpikProject(other, name);
        copy.id = id;
        copy.missing = missing;
        return copy;
    }

    /** The project's name. */
    public String name() {
        return name;
    }

    /** The id found so far, or null. */
    public String knownId() {
        return id;
    }

    /** Looks the project up (which also checks the credentials), remembering its id when it exists. */
    public void check() throws InterruptedException {
        String found = client.findProject(name);
        if (found != null) {
            id = found;
        }
    }

    /** The project's id, found or created. */
    public String findOrCreate() throws InterruptedException {
        String known = id;
        if (known != null) {
            return known;
        }
        synchronized (this) {
            if (id == null) {
                String found = client.findProject(name);
                id = found != null ? found : client.createProject(name);
            }
            return id;
        }
    }

    /** The project's id, looked up once; null when it does not exist. */
    public String findOnce() throws InterruptedException {
        if (id != null || missing) {
            return id;
        }
        synchronized (this) {
            if (id == null && !missing) {
                id = client.findProject(name);
                missing = id == null;
            }
            return id;
        }
    }
}
