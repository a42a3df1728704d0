# syntax=docker/dockerfile:1
# Rampart in a container: the build stage compiles it and packs the .deb the
# README describes; the runtime stage installs only that package, so apt pulls
# exactly the libraries the package declares (what a Debian host would get).
#   docker build --build-context shared=../shared -t rampart .
#   docker run --rm -v rampart-db:/data -v "$PWD":/src rampart scan .
# The build reads the SPDX license list from ../shared/data (lib/CMakeLists.txt),
# which is outside this directory, hence the named build context "shared".

FROM debian:bookworm AS build
# What .ci/setup installs, minus the test-only tools (clang, cmocka, python,
# man-db); file and dpkg-dev are what cpack needs to compute the dependencies,
# npm fetches the pinned tree-sitter sources over TLS (ca-certificates).
# Hyperscan is amd64 only; elsewhere (arm64) vectorscan has its API and libhs,
# and the package then depends on libvectorscan5 by itself.
RUN hs=libhyperscan-dev && { [ "$(dpkg --print-architecture)" = amd64 ] || hs=libvectorscan-dev; } && \
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	build-essential cmake ninja-build pkg-config git ca-certificates npm file dpkg-dev "$hs" \
	libcjson-dev libsqlite3-dev libgit2-dev libssl-dev libpcre2-dev libyaml-dev \
	zlib1g-dev libcurl4-openssl-dev libexpat1-dev libcivetweb-dev
WORKDIR /src/rampart
COPY . .
# The layout the build expects: ../shared/data beside the source tree.
COPY --from=shared data/spdx-licenses.json data/spdx-exceptions.json /src/shared/data/
RUN cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DRAMPART_TESTS=OFF && \
	cmake --build build && \
	cd build && cpack -G DEB

FROM debian:bookworm-slim
COPY --from=build /src/rampart/build/rampart_*.deb /tmp/
# apt resolves the package's declared dependencies; ca-certificates for
# scanning https git URLs and `rampart db update`.
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	/tmp/rampart_*.deb ca-certificates && \
	rm -rf /var/lib/apt/lists/* /tmp/rampart_*.deb && \
	useradd --create-home --uid 1000 rampart && \
	mkdir /data && chown rampart:rampart /data
# The database (findings, baselines, the vulnerability feeds) outlives the
# container in a volume; the code to scan is mounted at /src.
ENV RAMPART_DB=/data/rampart.db
VOLUME /data
USER rampart
WORKDIR /src
# A one-shot CLI, not a service: nothing to health-check.
HEALTHCHECK NONE
ENTRYPOINT ["rampart"]
CMD ["scan", "."]
