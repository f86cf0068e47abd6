// The source of the targets that hold the rooms' shared precompiled headers (mltco_room_pch, cmake/MltcoHelpers.cmake).
