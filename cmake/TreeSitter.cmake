# Tree-sitter runtime and grammars come from their npm packages, pinned by
# deps/tree-sitter/package-lock.json. `npm ci --ignore-scripts` installs them
# into the build directory; only their C sources are compiled, nothing from npm
# is committed and no package script ever runs.

set(RAMPART_NPM_DIR ${CMAKE_BINARY_DIR}/_npm)
set(_ts_manifest ${CMAKE_SOURCE_DIR}/deps/tree-sitter/package.json)
set(_ts_lock ${CMAKE_SOURCE_DIR}/deps/tree-sitter/package-lock.json)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_ts_manifest} ${_ts_lock})

file(SHA256 ${_ts_lock} _ts_lock_hash)
set(_ts_stamp ${RAMPART_NPM_DIR}/.installed-${_ts_lock_hash})
if(NOT EXISTS ${_ts_stamp})
	find_program(NPM_EXECUTABLE npm REQUIRED)
	file(REMOVE_RECURSE ${RAMPART_NPM_DIR})
	file(MAKE_DIRECTORY ${RAMPART_NPM_DIR})
	configure_file(${_ts_manifest} ${RAMPART_NPM_DIR}/package.json COPYONLY)
	configure_file(${_ts_lock} ${RAMPART_NPM_DIR}/package-lock.json COPYONLY)
	message(STATUS "Installing pinned tree-sitter sources with npm ci")
	execute_process(
		COMMAND ${NPM_EXECUTABLE} ci --ignore-scripts --legacy-peer-deps --no-audit --no-fund
		WORKING_DIRECTORY ${RAMPART_NPM_DIR}
		RESULT_VARIABLE _ts_rc
		OUTPUT_QUIET)
	if(NOT _ts_rc EQUAL 0)
		message(FATAL_ERROR "npm ci for tree-sitter sources failed (${_ts_rc}); is the npm registry reachable?")
	endif()
	file(TOUCH ${_ts_stamp})
endif()

set(_ts_root ${RAMPART_NPM_DIR}/node_modules/tree-sitter/vendor/tree-sitter/lib)
add_library(tree_sitter STATIC ${_ts_root}/src/lib.c)
target_include_directories(tree_sitter SYSTEM PUBLIC ${_ts_root}/include PRIVATE ${_ts_root}/src)
set_target_properties(tree_sitter PROPERTIES POSITION_INDEPENDENT_CODE ON C_STANDARD 11 C_EXTENSIONS ON)
target_compile_options(tree_sitter PRIVATE -w)

# rampart_grammar(<name> <npm package> [<subdir>]) compiles one grammar's
# src/parser.c (and src/scanner.c when it has one) into ts_grammar_<name>.
function(rampart_grammar name package)
	set(src ${RAMPART_NPM_DIR}/node_modules/${package})
	if(ARGC GREATER 2)
		set(src ${src}/${ARGV2})
	endif()
	set(files ${src}/src/parser.c)
	if(EXISTS ${src}/src/scanner.c)
		list(APPEND files ${src}/src/scanner.c)
	endif()
	add_library(ts_grammar_${name} STATIC ${files})
	target_include_directories(ts_grammar_${name} PRIVATE ${src}/src)
	set_target_properties(ts_grammar_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON C_EXTENSIONS ON)
	# Generated tables and lexers, not our code: no warnings, and optimised
	# even in the sanitizer build (instrumenting them only slows every test).
	target_compile_options(ts_grammar_${name} PRIVATE -w -O2 -fno-sanitize=all)
endfunction()

# The grammars SAST, IaC and quality analysis parse with (issue 4). Packages
# that hold several grammars name the subdirectory.
rampart_grammar(json tree-sitter-json)
rampart_grammar(python tree-sitter-python)
rampart_grammar(javascript tree-sitter-javascript)
rampart_grammar(typescript tree-sitter-typescript typescript)
rampart_grammar(tsx tree-sitter-typescript tsx)
rampart_grammar(java tree-sitter-java)
rampart_grammar(go tree-sitter-go)
rampart_grammar(c tree-sitter-c)
rampart_grammar(cpp tree-sitter-cpp)
rampart_grammar(c_sharp tree-sitter-c-sharp)
rampart_grammar(ruby tree-sitter-ruby)
rampart_grammar(php tree-sitter-php php)
rampart_grammar(kotlin @tree-sitter-grammars/tree-sitter-kotlin)
rampart_grammar(rust tree-sitter-rust)
rampart_grammar(bash tree-sitter-bash)
rampart_grammar(hcl @tree-sitter-grammars/tree-sitter-hcl)
rampart_grammar(yaml @tree-sitter-grammars/tree-sitter-yaml)

set(RAMPART_GRAMMARS json python javascript typescript tsx java go c cpp c_sharp ruby php kotlin rust
	bash hcl yaml)
set(RAMPART_GRAMMAR_TARGETS "")
foreach(g ${RAMPART_GRAMMARS})
	list(APPEND RAMPART_GRAMMAR_TARGETS ts_grammar_${g})
endforeach()
