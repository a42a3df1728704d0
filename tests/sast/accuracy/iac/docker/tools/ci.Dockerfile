# CI tooling image used by the pipeline runners.
# expect: docker.from-unpinned-tag
FROM alpine:latest AS fetch

# expect: docker.apk-add-cache
RUN apk update && apk add curl git openssh-client

# expect: docker.curl-pipe-shell
RUN sh -c "$(curl -fsSL https://get.example-tools.dev/install.sh)" -- --prefix /opt/tools

# ok: docker.curl-pipe-shell
RUN curl -fsSLo /tmp/helm.tgz https://get.example.com/helm-v3.15.2-linux-amd64.tar.gz \
 && echo "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae  /tmp/helm.tgz" | sha256sum -c - \
 && tar -xzf /tmp/helm.tgz -C /opt/tools

# expect: docker.curl-pipe-shell
RUN curl -sSL https://install.python-poetry.org | python3 - --version 1.8.3

# expect: docker.unauthenticated-packages
RUN apk add --no-cache --allow-untrusted /tmp/internal-tools.apk || true

# expect: docker.copy-ssh-private-key
COPY --chown=root:root ci/.ssh /root/.ssh
# ok: docker.copy-ssh-private-key
COPY ci/id_ed25519.pub /root/.ssh/authorized_keys

# ok: docker.apk-add-cache
RUN apk add --no-cache jq yq

# expect: docker.missing-user
# ok: docker.from-unpinned-tag
FROM alpine:3.20.1

# ok: docker.apk-add-cache
RUN apk add --no-cache git openssh-client bash

COPY --from=fetch /opt/tools /opt/tools
ENV PATH=/opt/tools/bin:$PATH

# ok: docker.sudo-in-run
RUN apk add --no-cache sudo && echo "tools image" > /etc/motd

# ok: docker.chmod-world-writable
RUN chmod u+x /opt/tools/bin/* && chmod 644 /etc/motd

HEALTHCHECK NONE
ENTRYPOINT ["/bin/bash"]
