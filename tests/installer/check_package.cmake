# Runs cpack -G DEB into a scratch folder, then checks the package with dpkg-deb, and validates the
# desktop entry and AppStream metainfo with their reference validators.
set(out "${BUILD_DIR}/package-test")
file(REMOVE_RECURSE "${out}")
file(MAKE_DIRECTORY "${out}")

macro(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${ARGN} failed (${rc}):\n${stdout}\n${stderr}")
    endif()
endmacro()

run(${CPACK} -G DEB --config "${BUILD_DIR}/CPackConfig.cmake" -B "${out}")
file(GLOB debs "${out}/*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one .deb in ${out}, found: ${debs}")
endif()
list(GET debs 0 deb)

run(dpkg-deb -c "${deb}")
set(contents "${stdout}")
foreach(path
        ./usr/bin/mltco
        ./usr/bin/mltco-cli
        ./usr/share/applications/io.github.mltco.mltco.desktop
        ./usr/share/metainfo/io.github.mltco.mltco.metainfo.xml
        ./usr/share/icons/hicolor/scalable/apps/io.github.mltco.mltco.svg)
    string(FIND "${contents}" "${path}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "the package lacks ${path}; it holds:\n${contents}")
    endif()
endforeach()

run(dpkg-deb -I "${deb}")
set(info "${stdout}")
foreach(pattern "Package: mltco" "Version: [0-9]+\\.[0-9]+\\.[0-9]+" "Depends:.*libqt6widgets6" "Depends:.*libqt6charts6"
        "Depends:.*libqt6sql6-sqlite" "Depends:.*libqt6sql6-psql" "Depends:.*qt6-qpa-plugins" "Depends:.*ca-certificates" "Architecture: amd64|Architecture: [a-z0-9]+")
    if(NOT info MATCHES "${pattern}")
        message(FATAL_ERROR "package metadata does not match '${pattern}':\n${info}")
    endif()
endforeach()

run(desktop-file-validate "${SOURCE_DIR}/installer/mltco.desktop")
run(appstreamcli validate --no-net --pedantic "${SOURCE_DIR}/installer/io.github.mltco.mltco.metainfo.xml")
message(STATUS "package ok: ${deb}")
