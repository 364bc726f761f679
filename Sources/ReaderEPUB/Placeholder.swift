// The EPUB backend: libzip container, OPF, navigation, content, CFI.
