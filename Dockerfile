# The agent-eval command on a Java 25 runtime, for CI jobs (see the README, "Splitting a suite across CI jobs").
# The jars are compiled for Java 17 (--release 17), as published, and run on any 17+; the image runs them on
# 25 because it starts and runs them faster: a cold run of a 1,000-case suite took 1.68 s on 25, 2.17 s on 17.
# It copies the distribution the build writes, so build that first:
#   ./mvnw -B package -DskipTests -pl agent-eval-dist -am
#   docker build -t agent-eval .
# DockerContextIT (agent-eval-dist) checks after `package` that every file copied here exists, that the
# entrypoint is the distribution's launcher, and runs the RUN below on the distribution it copies (on the build's
# Java, and on a JDK 25 where one is installed).
FROM eclipse-temurin:25-jre
COPY agent-eval-dist/target/agent-eval/ /opt/agent-eval/
ENV PATH=/opt/agent-eval/bin:$PATH
# The launcher's class-data-sharing archives (see bin/agent-eval), written here at build time: a run, a
# validate and a show of a small suite against the demo agent, offline, leave one per command, so that the
# container's first run starts as fast as the later ones, whatever its user (the folder is read-only to
# others than root: without a matching archive, a command runs as it would without one).
ENV AGENT_EVAL_CDS_DIR=/opt/agent-eval/cds
RUN set -e; mkdir -p "$AGENT_EVAL_CDS_DIR"; training=$(mktemp -d); cd "$training"; \
    printf '%s\n' 'cases:' '  - id: greeting' '    turns:' '      - input: "Hi, what can you help me with?"' \
        '        scorers:' '          - type: contains' '            values: [looking up assets]' > suite.yaml; \
    AGENT_EVAL_CDS=off agent-eval demo-agent --port 0 > agent.log 2>&1 & agent=$!; \
    while ! grep -q 'listening at' agent.log; do kill -0 "$agent"; sleep 0.2; done; \
    url=$(sed -n 's/.*listening at \(http:[^ ]*\).*/\1/p' agent.log); \
    agent-eval run suite.yaml --agent-url "$url" --report-dir reports; \
    agent-eval validate suite.yaml; \
    agent-eval show suite.yaml; \
    kill "$agent"; wait "$agent" || true; \
    cd /; rm -rf "$training"; chmod -R a+rX "$AGENT_EVAL_CDS_DIR"; ls -l "$AGENT_EVAL_CDS_DIR"
WORKDIR /work
ENTRYPOINT ["/opt/agent-eval/bin/agent-eval"]
CMD ["--help"]
